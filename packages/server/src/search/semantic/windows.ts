import { createHash } from 'node:crypto';

// What is embedded for each segment (docs/decisions/061): the segment itself; a short one ("Yes,
// exactly.", "Twelve euros?") together with the segments before and after it, so its vector says what
// it answered. Long segments stand alone, so their vector is theirs and not a blend of the neighbours'.

/** Segments of fewer words than this borrow their neighbours' words. */
export const SHORT_SEGMENT_WORDS = 8;
/** At most this much of each neighbour is borrowed. */
const NEIGHBOUR_CHARS = 300;
/** Embedding models read a few hundred tokens; a very long segment is cut (its start says what it is about). */
const MAX_CHARS = 2000;

export interface SegmentText {
  id: string;
  text: string;
}

export interface EmbeddingWindow {
  segmentId: string;
  text: string;
  /** Changes when the text or the model does: an unchanged window is not embedded again. */
  hash: string;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** One window per segment of a meeting, given in time order. */
export function embeddingWindows(segments: SegmentText[], model: string): EmbeddingWindow[] {
  return segments.map((segment, i) => {
    const own = segment.text.trim();
    let text = own;
    if (wordCount(own) < SHORT_SEGMENT_WORDS) {
      const before = segments[i - 1]?.text.trim().slice(-NEIGHBOUR_CHARS) ?? '';
      const after = segments[i + 1]?.text.trim().slice(0, NEIGHBOUR_CHARS) ?? '';
      text = [before, own, after].filter(Boolean).join('\n');
    }
    text = text.slice(0, MAX_CHARS);
    const hash = createHash('sha256').update(model).update('\0').update(text).digest('hex').slice(0, 32);
    return { segmentId: segment.id, text, hash };
  });
}
