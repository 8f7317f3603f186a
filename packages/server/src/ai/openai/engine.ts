import OpenAI from 'openai';
import { z } from 'zod';
import { matchPerson } from '../people-match.ts';
import { DEFAULT_TEMPLATE } from '../templates.ts';
import { formatTimestamp, parseTimestamp } from '../time-format.ts';
import {
  type AiEngine,
  AiEngineError,
  type AnswerInput,
  type ExtractedActionItem,
  type GenerationOptions,
  type NotesInput,
} from '../types.ts';
import { splitIntoParts, transcriptLines } from './chunking.ts';
import { describeFailure, IdleTimeoutError } from './errors.ts';
import { prompt } from './prompts.ts';
import { countTokens } from './tokens.ts';

export interface OpenAiEngineConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  contextTokens: number;
  timeoutSeconds: number;
}

type Message = { role: 'system' | 'user' | 'assistant'; content: string };

const ModelActionItems = z.object({
  actionItems: z.array(
    z.object({
      task: z.string().trim().min(1),
      assignee: z.string().trim().nullable(),
      dueDate: z.string().nullable(),
      context: z.string().nullable(),
      time: z.string().nullable(),
    }),
  ),
});

/** The same shape as JSON Schema, sent as the structured-output format (strict: every field present). */
const ACTION_ITEMS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['actionItems'],
  properties: {
    actionItems: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['task', 'assignee', 'dueDate', 'context', 'time'],
        properties: {
          task: { type: 'string' },
          assignee: { type: ['string', 'null'] },
          dueDate: { type: ['string', 'null'] },
          context: { type: ['string', 'null'] },
          time: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;

/**
 * Any OpenAI-compatible chat-completions server. A transcript longer than the context is never cut:
 * it is read in overlapping parts whose notes are then combined (map-reduce).
 */
export function openAiEngine(config: OpenAiEngineConfig): AiEngine {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    // Local servers (Ollama, llama.cpp) need no key, but the client insists on one.
    apiKey: config.apiKey || 'not-needed',
    timeout: config.timeoutSeconds * 1000,
    maxRetries: 0,
  });
  const outputReserve = Math.min(2048, Math.floor(config.contextTokens / 4));
  const fail = (error: unknown) => describeFailure(error, config);

  const meta = (input: NotesInput) => {
    const speakers = [...new Set(input.segments.map((s) => s.personName ?? s.speaker))];
    return {
      title: input.title || 'Untitled meeting',
      date: input.meetingDate.toISOString(),
      speakers: speakers.join(', ') || 'unknown',
      language: input.language,
      sections: (input.template ?? DEFAULT_TEMPLATE).sections
        .map((section) => `## ${section.heading}\n${section.instruction || 'What the meeting said about it.'}`)
        .join('\n\n'),
    };
  };

  /** Tokens left for transcript text once the fixed prompt text and the answer are accounted for. */
  const transcriptBudget = (messages: Message[]) => {
    const fixed = messages.reduce((sum, m) => sum + countTokens(m.content) + 8, 0);
    const budget = config.contextTokens - outputReserve - fixed;
    if (budget < 200) {
      throw new AiEngineError(
        `AI_CONTEXT_TOKENS (${config.contextTokens}) is too small for the prompts; use at least 4096`,
        {
          retryable: false,
        },
      );
    }
    return budget;
  };

  async function complete(messages: Message[], signal: AbortSignal, json = false): Promise<string> {
    try {
      const response = await client.chat.completions.create(
        {
          model: config.model,
          messages,
          max_tokens: outputReserve,
          temperature: 0.2,
          ...(json
            ? {
                response_format: {
                  type: 'json_schema',
                  json_schema: { name: 'action_items', strict: true, schema: ACTION_ITEMS_JSON_SCHEMA },
                },
              }
            : {}),
        },
        { signal },
      );
      return response.choices[0]?.message?.content ?? '';
    } catch (error) {
      throw fail(error);
    }
  }

  async function* stream(messages: Message[], signal: AbortSignal): AsyncGenerator<string> {
    // The client's timeout covers the wait for the answer to start; this one covers silence mid-stream.
    const idle = new AbortController();
    const combined = AbortSignal.any([signal, idle.signal]);
    let timer = setTimeout(() => idle.abort(new IdleTimeoutError()), config.timeoutSeconds * 1000);
    try {
      const chunks = await client.chat.completions.create(
        { model: config.model, messages, max_tokens: outputReserve, temperature: 0.2, stream: true },
        { signal: combined },
      );
      for await (const chunk of chunks) {
        clearTimeout(timer);
        timer = setTimeout(() => idle.abort(new IdleTimeoutError()), config.timeoutSeconds * 1000);
        const content = chunk.choices[0]?.delta?.content;
        if (content) yield content;
      }
    } catch (error) {
      if (idle.signal.aborted && !signal.aborted) throw fail(new IdleTimeoutError());
      throw fail(error);
    } finally {
      clearTimeout(timer);
    }
  }

  async function* streamSummary(input: NotesInput, { signal, onProgress }: GenerationOptions): AsyncGenerator<string> {
    const m = meta(input);
    const lines = transcriptLines(input.segments);
    const system = prompt('summary-system', m);
    const budget = transcriptBudget([
      { role: 'system', content: system },
      { role: 'user', content: prompt('summary-user', { ...m, transcript: '' }) },
    ]);
    const parts = splitIntoParts(lines, budget);
    if (parts.length <= 1) {
      yield* stream(
        [
          { role: 'system', content: system },
          { role: 'user', content: prompt('summary-user', { ...m, transcript: (parts[0] ?? []).join('\n') }) },
        ],
        signal,
      );
      return;
    }
    // Map: notes of each part. Reduce: combine them, again in parts if the notes themselves are too long.
    const summarisePart = (lines: string[], index: number, count: number) =>
      complete(
        [
          { role: 'system', content: prompt('summary-part-system', m) },
          {
            role: 'user',
            content: prompt('summary-part-user', { ...m, part: index + 1, parts: count, transcript: lines.join('\n') }),
          },
        ],
        signal,
      );
    let notes: string[] = [];
    for (const [index, part] of parts.entries()) {
      notes.push(await summarisePart(part, index, parts.length));
      onProgress?.((index + 1) / (parts.length + 1));
    }
    for (;;) {
      const combineBudget = transcriptBudget([
        { role: 'system', content: system },
        { role: 'user', content: prompt('summary-combine-user', { ...m, parts: notes.length, transcript: '' }) },
      ]);
      const groups = splitIntoParts(
        notes.flatMap((n, i) => [`### Part ${i + 1}`, ...n.split('\n')]),
        combineBudget,
        0,
      );
      if (groups.length <= 1) break;
      const merged: string[] = [];
      for (const [index, group] of groups.entries()) merged.push(await summarisePart(group, index, groups.length));
      if (merged.join('\n').length >= notes.join('\n').length) {
        throw new AiEngineError("The model's notes do not get shorter when combined; raise AI_CONTEXT_TOKENS", {
          retryable: false,
        });
      }
      notes = merged;
    }
    const combined = notes.map((n, i) => `### Part ${i + 1}\n${n.trim()}`).join('\n\n');
    yield* stream(
      [
        { role: 'system', content: system },
        { role: 'user', content: prompt('summary-combine-user', { ...m, parts: notes.length, transcript: combined }) },
      ],
      signal,
    );
  }

  /** Structured output, validated; one repair round with the error shown to the model, then a clear failure. */
  async function actionItemsOf(messages: Message[], signal: AbortSignal) {
    let answer = await complete(messages, signal, true);
    let problem = validate(answer);
    if (typeof problem !== 'string') return problem;
    const repair: Message[] = [
      ...messages,
      { role: 'assistant', content: answer },
      { role: 'user', content: prompt('repair-user', { error: problem }) },
    ];
    answer = await complete(repair, signal, true);
    problem = validate(answer);
    if (typeof problem !== 'string') return problem;
    throw new AiEngineError(`The AI model did not return valid action items after a retry (${problem})`, {
      retryable: false,
    });
  }

  async function extractActionItems(
    input: NotesInput,
    { signal, onProgress }: GenerationOptions,
  ): Promise<ExtractedActionItem[]> {
    const m = meta(input);
    const system = prompt('action-items-system', m);
    const user = (partNote: string, transcript: string) => prompt('action-items-user', { ...m, partNote, transcript });
    const budget = transcriptBudget([
      { role: 'system', content: system },
      { role: 'user', content: user('This is part 10 of 10 of the transcript.\n', '') },
    ]);
    const parts = splitIntoParts(transcriptLines(input.segments), budget);
    const found: ExtractedActionItem[] = [];
    for (const [index, part] of parts.entries()) {
      const note = parts.length > 1 ? `This is part ${index + 1} of ${parts.length} of the transcript.\n` : '';
      const items = await actionItemsOf(
        [
          { role: 'system', content: system },
          { role: 'user', content: user(note, part.join('\n')) },
        ],
        signal,
      );
      for (const item of items.actionItems) {
        const person = matchPerson(item.assignee, input);
        const due = item.dueDate ? new Date(item.dueDate) : null;
        found.push({
          task: item.task,
          context: item.context?.trim() || null,
          contextStartMs: parseTimestamp(item.time),
          assignee: person?.name ?? (item.assignee || null),
          personId: person?.id ?? null,
          dueDate: due && !Number.isNaN(due.getTime()) ? due.toISOString() : null,
        });
      }
      onProgress?.((index + 1) / parts.length);
    }
    return dedupeByTask(found);
  }

  /** The answer written from the retrieved passages, each claim marked with its passage (decision 163). */
  function streamAnswer(input: AnswerInput, { signal }: { signal: AbortSignal }): AsyncIterable<string> {
    const passages = input.passages
      .map(
        (p) =>
          `[${p.marker}] ${p.speaker}, "${p.meetingTitle}", ${p.meetingDate.slice(0, 10)} at ${formatTimestamp(p.startMs)}: ${p.text}`,
      )
      .join('\n');
    return stream(
      [
        { role: 'system', content: prompt('answer-system', {}) },
        { role: 'user', content: prompt('answer-user', { passages: passages || '(none)', question: input.question }) },
      ],
      signal,
    );
  }

  return { name: 'openai', streamSummary, extractActionItems, streamAnswer };
}

function validate(answer: string): z.infer<typeof ModelActionItems> | string {
  const text = answer.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'the answer is not valid JSON';
  }
  const result = ModelActionItems.safeParse(parsed);
  if (result.success) return result.data;
  return result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`)
    .join('; ');
}

/** Overlapping parts can both report the same task. */
function dedupeByTask(items: ExtractedActionItem[]): ExtractedActionItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.task
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
