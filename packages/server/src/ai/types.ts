import type { NotesTemplate } from './templates.ts';

/** One transcript segment as the engines see it (times in milliseconds). */
export interface NotesSegment {
  speaker: string;
  /** The contact the speaker label is assigned to, if any. */
  personId: string | null;
  personName: string | null;
  text: string;
  startMs: number;
  endMs: number;
}

/**
 * A contact as the engines see it: its name, nothing else (decision 291). The notes are read by every
 * member of a shared project and by share links, who may see a linked contact's name and nothing else of
 * it (decision 266): what an engine is not given, no model can write into them.
 */
export interface NotesPerson {
  id: string;
  name: string;
}

/** Everything an engine needs to write notes for one meeting. */
export interface NotesInput {
  title: string;
  /** When the meeting took place: due dates like "next Friday" are resolved from it. */
  meetingDate: Date;
  /** The meeting's measured length (its audio), when known: the transcript may end before the audio does. */
  durationMs?: number;
  /** A language name for prompts ("English"), or a phrase asking the model to keep the transcript's language. */
  language: string;
  segments: NotesSegment[];
  /** The holder's contacts, by name, to link assignees named in the transcript. */
  people: NotesPerson[];
  /** The summary's sections; absent: the built-in default (ai/templates.ts). */
  template?: NotesTemplate;
}

export interface ExtractedActionItem {
  task: string;
  context: string | null;
  contextStartMs: number | null;
  assignee: string | null;
  personId: string | null;
  /** ISO date-time, or null. */
  dueDate: string | null;
}

export interface GenerationOptions {
  signal: AbortSignal;
  /** The user the notes are for: the CPU pool shares its threads between users (decision 205). */
  owner: string;
  /** 0..1, as parts of a long meeting are processed. */
  onProgress?: (fraction: number) => void;
}

/** A passage retrieved for a question, numbered as the answer cites it ([1], [2], ...). */
export interface AnswerPassage {
  marker: number;
  speaker: string;
  meetingTitle: string;
  /** When the meeting was recorded (ISO). */
  meetingDate: string;
  startMs: number;
  text: string;
}

export interface AnswerInput {
  question: string;
  /** Best first; empty when nothing in the user's meetings matches. */
  passages: AnswerPassage[];
}

/** A summary and action-item engine: the offline algorithmic one or an OpenAI-compatible model. */
export interface AiEngine {
  readonly name: 'builtin' | 'openai';
  /** The answer to a question, from the passages only, citing them by marker ("[2]"); yielded in pieces. */
  streamAnswer(input: AnswerInput, options: { signal: AbortSignal }): AsyncIterable<string>;
  /** Markdown, yielded in pieces as it is produced. */
  streamSummary(input: NotesInput, options: GenerationOptions): AsyncIterable<string>;
  extractActionItems(input: NotesInput, options: GenerationOptions): Promise<ExtractedActionItem[]>;
}

/**
 * A failure to show the user as it is. `retryable` says whether trying the same job again later could
 * help (a timeout or an unreachable server) or not (a refused key, a model that cannot produce valid output).
 */
export class AiEngineError extends Error {
  readonly retryable: boolean;
  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'AiEngineError';
    this.retryable = options.retryable;
  }
}
