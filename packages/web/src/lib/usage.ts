import { LIMITS, type User } from '@parley/contract';
import { secondsToMinutes } from '@/lib/format';

export type UsageLevel = 'ok' | 'warning' | 'limit';

export interface UsageSummary {
  usedSeconds: number;
  limitSeconds: number;
  usedMinutes: number;
  limitMinutes: number;
  /** used / limit; 1 or more means the month is over the limit. */
  ratio: number;
  /** For the bar: 0-100. */
  percent: number;
  level: UsageLevel;
}

export const USAGE_TOOLTIPS: Record<Exclude<UsageLevel, 'ok'>, string> = {
  warning: 'Approaching limit',
  limit: 'Limit reached',
};

export function usageLevel(ratio: number): UsageLevel {
  if (ratio >= LIMITS.usageLimitRatio) return 'limit';
  if (ratio >= LIMITS.usageWarningRatio) return 'warning';
  return 'ok';
}

/** Spec sections 4 and 9: minutes used this month against the tier's limit (seconds / 60, rounded). */
export function summarizeUsage(user: Pick<User, 'tier' | 'currentMonthUsage'>): UsageSummary {
  const limitSeconds = user.tier?.limits?.monthlyDuration ?? LIMITS.defaultMonthlyDurationSeconds;
  const usedSeconds = Math.max(0, user.currentMonthUsage?.duration ?? 0);
  const ratio = limitSeconds > 0 ? usedSeconds / limitSeconds : 1;
  return {
    usedSeconds,
    limitSeconds,
    usedMinutes: secondsToMinutes(usedSeconds),
    limitMinutes: secondsToMinutes(limitSeconds),
    ratio,
    percent: Math.min(100, Math.max(0, ratio * 100)),
    level: usageLevel(ratio),
  };
}

/**
 * Recording needs at least this much left: a recording that cannot keep a second is not started
 * (the server refuses it too, services/recordings.ts).
 */
export const MIN_RECORDING_SECONDS = LIMITS.minRecordingSeconds;

/** Seconds of audio the month still takes. */
export function secondsLeft(user: Pick<User, 'tier' | 'currentMonthUsage'>): number {
  const { usedSeconds, limitSeconds } = summarizeUsage(user);
  return Math.max(0, limitSeconds - usedSeconds);
}

/** What is left, in the words a person uses: '30 seconds left', '4 min 30 s left', '12 minutes left'. */
export function formatTimeLeft(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return `${whole} ${whole === 1 ? 'second' : 'seconds'} left`;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (rest === 0 || minutes >= 10) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`;
  return `${minutes} min ${rest} s left`;
}

/**
 * The meter's figures: whole minutes where they are true, tenths where rounding would lie (30 of 60 s
 * reads '0.5 / 1 min', never '1 / 1 min'). Used time is rounded down, so the meter never shows the
 * limit reached before it is.
 */
export function formatUsageMinutes(usedSeconds: number, limitSeconds: number): string {
  const tenths = (seconds: number, round: (n: number) => number) => {
    const value = round((seconds / 60) * 10) / 10;
    return Number.isInteger(value) ? String(value) : value.toFixed(1);
  };
  const limit = tenths(limitSeconds, Math.round);
  const used = usedSeconds >= 600 ? String(Math.floor(usedSeconds / 60)) : tenths(usedSeconds, Math.floor);
  return `${used} / ${limit} min`;
}

/** True when this month's recorded duration has reached the tier's limit (meeting creation is blocked). */
export function isOverMonthlyLimit(user: Pick<User, 'tier' | 'currentMonthUsage'>): boolean {
  return summarizeUsage(user).level === 'limit';
}
