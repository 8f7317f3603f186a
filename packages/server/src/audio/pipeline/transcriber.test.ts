import { describe, expect, it } from 'vitest';
import { PieceTracker } from '../speech/vad.ts';
import { segmentationFor } from './transcriber.ts';

describe('segmentationFor', () => {
  const frames = (seconds: number) => Math.round(seconds / 0.032);
  const speech = (s: number) => new Array<number>(frames(s)).fill(0.9);
  const quiet = (s: number) => new Array<number>(frames(s)).fill(0.02);
  const pieces = (probs: number[], engine: string) => {
    const t = new PieceTracker(segmentationFor(engine));
    return [...probs.flatMap((p) => t.push(p)), ...t.finish()];
  };

  it('base hears a short phrase with the speech that follows it after a pause of up to 2 s (docs/decisions/028)', () => {
    // "Yeah." (0.6 s), 1.7 s of silence, then a reply: one piece, so the recogniser has the context
    const reply = [...speech(0.6), ...quiet(1.7), ...speech(4)];
    expect(pieces(reply, 'moonshine-base')).toHaveLength(1);
    // a longer silence still separates them
    expect(pieces([...speech(0.6), ...quiet(2.3), ...speech(4)], 'moonshine-base')).toHaveLength(2);
    // once a piece is 3 s long a 0.5 s pause ends it, as before
    expect(pieces([...speech(3.2), ...quiet(0.6), ...speech(2)], 'moonshine-base')).toHaveLength(2);
  });

  it("keeps tiny's settings (6 s pieces, short bits joined across pauses up to 1.2 s)", () => {
    expect(pieces([...speech(0.6), ...quiet(1.7), ...speech(4)], 'moonshine-tiny')).toHaveLength(2);
    expect(pieces([...speech(0.6), ...quiet(1), ...speech(4)], 'moonshine-tiny')).toHaveLength(1);
  });
});
