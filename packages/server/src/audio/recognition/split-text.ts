/**
 * One transcript segment per speaker part. Moonshine gives no word times, so the words are shared
 * out in proportion to each part's duration (speech rate is roughly even within a piece); a part
 * that gets no word joins its neighbour.
 */
export function splitText<P extends { start: number; end: number; speaker: string }>(
  text: string,
  parts: P[],
): Array<P & { text: string }> {
  if (parts.length === 1) return [{ ...parts[0]!, text }];
  const words = text.split(/\s+/).filter(Boolean);
  const total = parts.reduce((a, p) => a + (p.end - p.start), 0) || 1;
  const out: Array<P & { text: string }> = [];
  let used = 0;
  let elapsed = 0;
  for (const p of parts) {
    elapsed += p.end - p.start;
    const upTo = Math.round((elapsed / total) * words.length);
    const mine = words.slice(used, upTo);
    used = Math.max(used, upTo);
    const prev = out[out.length - 1];
    if (mine.length === 0) {
      if (prev) prev.end = p.end;
      continue;
    }
    if (prev && prev.speaker === p.speaker) {
      prev.text += ` ${mine.join(' ')}`;
      prev.end = p.end;
    } else out.push({ ...p, text: mine.join(' ') });
  }
  if (out.length && out[0]!.start > parts[0]!.start) out[0]!.start = parts[0]!.start;
  return out;
}
