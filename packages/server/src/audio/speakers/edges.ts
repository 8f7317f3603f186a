/**
 * Transcript segments' time spans from the segmentation model (docs/decisions/023). A segment's
 * words come from a recognition piece, and the piece's edges are Silero's; the model often hears
 * the same voice go on past them (a turn that runs on under the next speaker's first words, a
 * quiet end of a sentence). Each edge is moved out for as long as the model hears that segment's
 * person without a break, frame by frame, and into another person's segment only where the model
 * hears two voices at once (overlap is two people, not one label's error), and never into or past
 * another segment of the same person: one person's consecutive segments share out the model's run of
 * that voice, each keeping its own place in it (reaching through them, every segment of a long turn
 * took the whole turn's span, and the transcript lost their order). Edges are never moved
 * in: the model misses some speech Silero hears (its frames are ~18% short of the reference), so
 * trimming to it lost more speech than the silence it removed.
 */
import { SAMPLE_RATE } from '../decoding/ffmpeg.ts';
import { SEG_HOP, type SpeakerTracks, segFrameCentre } from '../speech/segmentation.ts';

const SR = SAMPLE_RATE;

/**
 * Moves the edges of `segments` (seconds; changed in place) out to where the model stops hearing
 * each segment's person. `speakerOfTrack`: the person (segment label) of each of the model's tracks.
 */
export function followVoiceEdges(
  segments: Array<{ speaker: string; start: number; end: number }>,
  tracks: SpeakerTracks,
  speakerOfTrack: ReadonlyMap<number, string>,
): void {
  const n = tracks.frames;
  if (n === 0 || segments.length === 0) return;
  const frameAt = (t: number) => Math.round((t * SR - segFrameCentre(0)) / SEG_HOP);
  // who the segments already give each frame to: -1 nobody, else the label's index, -2 several
  const names = [...new Set(segments.map((s) => s.speaker))];
  const owner = new Int32Array(n).fill(-1);
  for (const s of segments) {
    const who = names.indexOf(s.speaker);
    for (let g = Math.max(0, frameAt(s.start)); g <= Math.min(n - 1, frameAt(s.end)); g++)
      owner[g] = owner[g] === -1 || owner[g] === who ? who : -2;
  }
  // Each segment claims the frames it reaches, so another segment of the same person stops where this
  // one now ends rather than reaching over it.
  for (const s of segments) {
    const who = names.indexOf(s.speaker);
    const heard = (g: number) =>
      g >= 0 &&
      g < n &&
      (speakerOfTrack.get(tracks.first[g]!) === s.speaker || speakerOfTrack.get(tracks.second[g]!) === s.speaker) &&
      (owner[g] === -1 || (owner[g] !== who && tracks.second[g]! >= 0));
    const a0 = frameAt(s.start);
    const z0 = frameAt(s.end);
    let a = a0;
    let z = z0;
    while (heard(a - 1)) a--;
    while (heard(z + 1)) z++;
    for (const [from, to] of [
      [a, a0 - 1],
      [z0 + 1, z],
    ] as const)
      for (let g = from; g <= to; g++) if (owner[g] === -1) owner[g] = who;
    if (a < a0) s.start = Math.min(s.start, Math.max(0, (segFrameCentre(a) - SEG_HOP / 2) / SR));
    if (z > z0) s.end = Math.max(s.end, (segFrameCentre(z) + SEG_HOP / 2) / SR);
  }
}
