/** "m:ss", or "h:mm:ss" from an hour: how timestamps read in notes. */
export function formatTimestamp(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A markdown link that opens the meeting at that moment (the meeting page reads `?t=` in seconds). */
export function timestampLink(ms: number): string {
  return `[${formatTimestamp(ms)}](?t=${Math.max(0, Math.floor(ms / 1000))})`;
}

/** Reads "m:ss" or "h:mm:ss" back to milliseconds; null when it is not a timestamp. */
export function parseTimestamp(value: string | null | undefined): number | null {
  const match = value?.trim().match(/^(?:(\d+):)?(\d{1,2}):(\d{2})$/);
  if (!match) return null;
  const [, h, m, s] = match;
  return ((Number(h ?? 0) * 60 + Number(m)) * 60 + Number(s)) * 1000;
}
