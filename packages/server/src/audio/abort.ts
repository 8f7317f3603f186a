/** The error an aborted signal stops work with: its reason when that is an error, else an AbortError. */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const e = new Error('The operation was aborted');
  e.name = 'AbortError';
  return e;
}

/** Stops a stage of the pipeline once its signal is aborted (abortError). */
export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortError(signal);
}
