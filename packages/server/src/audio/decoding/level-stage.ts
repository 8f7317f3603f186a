/**
 * The level stage: before speech detection starts (recognition waits for it), the recording's level;
 * speech far below ordinary levels is raised for the VAD (level.ts, decision 013). A long recording is
 * heard in windows spread over it (decision 027), placed by the header's duration while the estimate
 * reads the file, else by the estimate.
 */
import { type GainOptions, type LevelOptions, levelForVad, type MeasuredLevel, vadGainFor } from './level.ts';
import type { ProbedSource } from './source.ts';

export type LevelSettings = (GainOptions & Pick<LevelOptions, 'sample'>) | false;

export interface HeardLevel {
  /** The duration estimate (packet timestamps), for the progress figure. */
  estimateSeconds?: number;
  level?: MeasuredLevel;
  /** Gain the speech stage hears the audio with; 1 when it is loud enough (or `settings` is false). */
  vadGain: number;
}

export async function levelStage(
  source: ProbedSource,
  settings: LevelSettings | undefined,
  signal?: AbortSignal,
): Promise<HeardLevel> {
  const [estimateSeconds, level] = await Promise.all([
    source.estimating,
    settings === false
      ? undefined
      : (source.headerSeconds !== undefined ? Promise.resolve(source.headerSeconds) : source.estimating).then(
          (durationSeconds) => levelForVad(source.path, { signal, durationSeconds, ...settings }),
        ),
  ]);
  const vadGain = settings === false ? 1 : vadGainFor(level, settings);
  return { estimateSeconds, ...(level && { level }), vadGain };
}
