/**
 * Whose voice a meeting's speaker label is, among the voices the user's people are known by
 * (docs/decisions/131). Both sides are Gaussian statistics of MFCC frames (audio/speakers/voice-stats.ts); their
 * distance is the likelihood gain per frame of describing them by two Gaussians rather than one (the
 * ΔBIC gain of gaussian.ts without its penalty), with both sides weighed as the same number of frames:
 * a short label beside a long profile is then judged on its own voice, not drowned in the profile's.
 *
 * The threshold was chosen on half of the AMI recordings (bench/voices.bench.ts) for >= 95% precision;
 * confidence is a logistic of the distance, 0.5 exactly at the threshold.
 */
import { deltaBic, type GaussStats } from '../audio/speakers/gaussian.ts';
import { FRAME_SECONDS } from '../audio/speakers/voice-stats.ts';

/** A label needs this much speech to be judged by its voice (less is too little to tell voices apart). */
export const VOICE_MIN_SECONDS = 5;
/** A profile needs this much speech to be compared at all. */
export const PROFILE_MIN_SECONDS = 2;
/** Distance (likelihood gain per frame) at which a voice match is shown: confidence 0.5. */
export const VOICE_DISTANCE_THRESHOLD = 0.85;
/** How fast confidence falls with distance around the threshold. */
const CONFIDENCE_SCALE = 0.05;
/** Each side weighs at most 30 s of frames: beyond that more speech only sharpens the estimate. */
const MAX_FRAMES = 3000;

export function voiceDistance(a: GaussStats, b: GaussStats): number {
  const frames = Math.min(a.n, b.n, MAX_FRAMES);
  if (frames <= 0) return Infinity;
  return deltaBic(a, b, 0, frames) / (2 * frames);
}

export function voiceConfidence(distance: number, threshold = VOICE_DISTANCE_THRESHOLD): number {
  return 1 / (1 + Math.exp((distance - threshold) / CONFIDENCE_SCALE));
}

export interface VoiceMatch {
  speaker: string;
  personId: string;
  distance: number;
  confidence: number;
}

/**
 * For each label with enough speech, the closest profile (persons in `exclude.get(speaker)` left out, so
 * a dismissed person can give way to the next one), whatever its confidence: callers keep those above
 * their threshold.
 */
export function closestVoices(
  labels: ReadonlyArray<{ speaker: string; stats: GaussStats }>,
  profiles: ReadonlyArray<{ personId: string; stats: GaussStats }>,
  options: { exclude?: ReadonlyMap<string, ReadonlySet<string>>; threshold?: number } = {},
): VoiceMatch[] {
  const usable = profiles.filter((p) => p.stats.n * FRAME_SECONDS >= PROFILE_MIN_SECONDS);
  const out: VoiceMatch[] = [];
  for (const label of labels) {
    if (label.stats.n * FRAME_SECONDS < VOICE_MIN_SECONDS) continue;
    const excluded = options.exclude?.get(label.speaker);
    let best: VoiceMatch | undefined;
    for (const profile of usable) {
      if (excluded?.has(profile.personId)) continue;
      const distance = voiceDistance(label.stats, profile.stats);
      if (!best || distance < best.distance)
        best = { speaker: label.speaker, personId: profile.personId, distance, confidence: 0 };
    }
    if (best) out.push({ ...best, confidence: voiceConfidence(best.distance, options.threshold) });
  }
  return out;
}
