/**
 * The one contract every speech recogniser of the pipeline implements (Moonshine on this machine,
 * an OpenAI-compatible server, test doubles of a remote service). The pipeline depends on this file
 * only, never on a particular engine.
 */

/** A speech recogniser for one piece of 16 kHz mono audio (at most ~25 s). */
export interface AsrEngine {
  readonly name: string;
  transcribe(pcm: Float32Array, options?: { signal?: AbortSignal }): Promise<string>;
}

/** An engine that can also return timed sub-segments of a piece (e.g. the OpenAI-compatible remote engine). */
export interface SegmentingAsrEngine extends AsrEngine {
  transcribeSegments(
    pcm: Float32Array,
    options?: { signal?: AbortSignal },
  ): Promise<Array<{ start: number; end: number; text: string }>>;
}

export function hasSegments(e: AsrEngine): e is SegmentingAsrEngine {
  return typeof (e as Partial<SegmentingAsrEngine>).transcribeSegments === 'function';
}
