/**
 * Spec section 9: a speaker's colour (the linked person's name when there is one, so a segment moved to
 * another person takes that person's colour) is chosen by a hash of the speaker name over 8 colours. The
 * class names are written out whole so Tailwind keeps them.
 */
export const SPEAKER_COLORS = [
  'bg-sky-500',
  'bg-emerald-500',
  'bg-amber-500',
  'bg-rose-500',
  'bg-violet-500',
  'bg-teal-500',
  'bg-orange-500',
  'bg-fuchsia-500',
] as const;

/** A stable string hash (31-based, as Java's String.hashCode), folded to 0..7. */
export function speakerColorIndex(speaker: string): number {
  let hash = 0;
  for (let index = 0; index < speaker.length; index += 1) {
    hash = (hash * 31 + speaker.charCodeAt(index)) | 0;
  }
  return Math.abs(hash) % SPEAKER_COLORS.length;
}

export function speakerColor(speaker: string): (typeof SPEAKER_COLORS)[number] {
  return SPEAKER_COLORS[speakerColorIndex(speaker)]!;
}
