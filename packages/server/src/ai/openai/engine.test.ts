import { afterEach, describe, expect, it } from 'vitest';
import { loadAmiMeeting } from '../../../test/fixtures/ami-notes.ts';
import { type FakeAnswer, type FakeOpenAi, startFakeOpenAi } from '../../../test/helpers/fake-openai.ts';
import { AiEngineError, type NotesInput } from '../types.ts';
import { transcriptLines } from './chunking.ts';
import { openAiEngine } from './engine.ts';

let fake: FakeOpenAi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function engineWith(
  answer: (request: Parameters<Parameters<typeof startFakeOpenAi>[0]>[0], index: number) => FakeAnswer,
  options: { contextTokens?: number; timeoutSeconds?: number; apiKey?: string } = {},
) {
  fake = await startFakeOpenAi(answer);
  return openAiEngine({
    baseUrl: fake.baseUrl,
    model: 'test-model',
    contextTokens: options.contextTokens ?? 100_000,
    timeoutSeconds: options.timeoutSeconds ?? 30,
    apiKey: options.apiKey,
  });
}

const signal = () => new AbortController().signal;
const collect = async (iterable: AsyncIterable<string>) => {
  let text = '';
  for await (const piece of iterable) text += piece;
  return text;
};

const shortMeeting: NotesInput = {
  title: 'Budget review',
  meetingDate: new Date('2026-03-04T09:00:00Z'),
  language: 'English',
  people: [{ id: 'p-anna', name: 'Anna Berg' }],
  segments: [
    {
      speaker: 'Speaker 1',
      personId: 'p-anna',
      personName: 'Anna Berg',
      text: 'I will send the revised budget to Marco by Friday.',
      startMs: 65_000,
      endMs: 70_000,
    },
    {
      speaker: 'Speaker 2',
      personId: null,
      personName: null,
      text: 'Great, then we can sign it next week.',
      startMs: 71_000,
      endMs: 74_000,
    },
  ],
};

describe('openai engine: summary', () => {
  it('streams the model’s answer and puts date, title, speakers and language in the prompt', async () => {
    const engine = await engineWith(() => ({ stream: ['## Overview', '\n\nAnna will send ', 'the budget.'] }));
    const pieces: string[] = [];
    for await (const piece of engine.streamSummary(shortMeeting, { signal: signal(), owner: 'user-1' }))
      pieces.push(piece);
    expect(pieces).toEqual(['## Overview', '\n\nAnna will send ', 'the budget.']);
    const [request] = fake!.requests;
    expect(request!.stream).toBe(true);
    const prompt = request!.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('Meeting: Budget review');
    expect(prompt).toContain('Date: 2026-03-04T09:00:00.000Z');
    expect(prompt).toContain('Speakers: Anna Berg, Speaker 2');
    expect(prompt).toContain('Write in English');
    expect(prompt).toContain('[1:05] Anna Berg: I will send the revised budget to Marco by Friday.');
  });

  it('reads a transcript longer than the context in overlapping parts, so every line reaches the model, then combines them', async () => {
    const { input } = loadAmiMeeting('ES2002b');
    const engine = await engineWith(
      (request, index) =>
        request.stream ? { stream: ['Combined notes'] } : { content: `- notes of part ${index + 1}` },
      { contextTokens: 4096 },
    );
    const progress: number[] = [];
    const text = await collect(
      engine.streamSummary(input, { signal: signal(), owner: 'user-1', onProgress: (f) => progress.push(f) }),
    );
    expect(text).toBe('Combined notes');

    const requests = fake!.requests;
    const parts = requests.filter((r) => !r.stream);
    expect(parts.length).toBeGreaterThanOrEqual(4);
    expect(requests.at(-1)!.stream).toBe(true);
    const seen = parts.map((r) => r.messages.at(-1)!.content).join('\n');
    const missing = transcriptLines(input.segments).filter((line) => !seen.includes(line));
    expect(missing).toEqual([]);
    expect(parts[0]!.messages.at(-1)!.content).toContain(`This is part 1 of ${parts.length}`);
    // The final request carries every part's notes, in order.
    const final = requests.at(-1)!.messages.at(-1)!.content;
    for (let i = 1; i <= parts.length; i++) expect(final).toContain(`- notes of part ${i}`);
    expect(progress.at(-1)).toBeLessThan(1);
    expect(progress.length).toBe(parts.length);
  });

  it('fails clearly on a refused key (401) and on a server that does not answer in time', async () => {
    let engine = await engineWith(() => ({ status: 401, body: { error: { message: 'Incorrect API key provided' } } }), {
      apiKey: 'wrong',
    });
    const refused = collect(engine.streamSummary(shortMeeting, { signal: signal(), owner: 'user-1' }));
    await expect(refused).rejects.toBeInstanceOf(AiEngineError);
    await expect(refused).rejects.toMatchObject({
      message: 'The AI service refused the API key (HTTP 401); check AI_API_KEY',
      retryable: false,
    });
    expect(fake!.requests[0]!.headers.authorization).toBe('Bearer wrong');
    await fake!.close();

    engine = await engineWith(() => ({ hang: true }), { timeoutSeconds: 1 });
    await expect(
      collect(engine.streamSummary(shortMeeting, { signal: signal(), owner: 'user-1' })),
    ).rejects.toMatchObject({
      message: 'The AI service did not answer within 1 seconds',
      retryable: true,
    });
  });
});

describe('openai engine: action items', () => {
  const valid = JSON.stringify({
    actionItems: [
      {
        task: 'Send the revised budget to Marco',
        assignee: 'Anna Berg',
        dueDate: '2026-03-06',
        context: 'I will send the revised budget to Marco by Friday.',
        time: '1:05',
      },
    ],
  });

  it('asks for structured output and maps assignees to people, times and dates', async () => {
    const engine = await engineWith(() => ({ content: valid }));
    const items = await engine.extractActionItems(shortMeeting, { signal: signal(), owner: 'user-1' });
    expect(items).toEqual([
      {
        task: 'Send the revised budget to Marco',
        assignee: 'Anna Berg',
        personId: 'p-anna',
        dueDate: '2026-03-06T00:00:00.000Z',
        context: 'I will send the revised budget to Marco by Friday.',
        contextStartMs: 65_000,
      },
    ]);
    expect(fake!.requests[0]!.response_format).toMatchObject({ type: 'json_schema' });
  });

  it('repairs invalid JSON once, showing the model its answer and the problem', async () => {
    const engine = await engineWith((_request, index) => ({
      content: index === 0 ? 'Sure! Here are the items: [oops' : valid,
    }));
    const items = await engine.extractActionItems(shortMeeting, { signal: signal(), owner: 'user-1' });
    expect(items.map((i) => i.task)).toEqual(['Send the revised budget to Marco']);
    const repair = fake!.requests[1]!.messages;
    expect(repair.at(-2)).toEqual({ role: 'assistant', content: 'Sure! Here are the items: [oops' });
    expect(repair.at(-1)!.content).toContain('the answer is not valid JSON');
  });

  it('fails clearly when the repaired answer is still not valid', async () => {
    const engine = await engineWith(() => ({ content: JSON.stringify({ actionItems: [{ task: '' }] }) }));
    await expect(engine.extractActionItems(shortMeeting, { signal: signal(), owner: 'user-1' })).rejects.toMatchObject({
      name: 'AiEngineError',
      retryable: false,
      message: expect.stringMatching(
        /^The AI model did not return valid action items after a retry \(actionItems\.0\./,
      ),
    });
    expect(fake!.requests).toHaveLength(2);
  });
});
