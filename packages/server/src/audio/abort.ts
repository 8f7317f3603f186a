/** Stops a stage of the pipeline once its signal is aborted, with the signal's reason when that is an error. */
export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) {
    const r: unknown = signal.reason;
    if (r instanceof Error) throw r;
    const e = new Error('The operation was aborted');
    e.name = 'AbortError';
    throw e;
  }
}
