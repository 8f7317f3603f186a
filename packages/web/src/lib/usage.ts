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

/** True when this month's recorded duration has reached the tier's limit (meeting creation is blocked). */
export function isOverMonthlyLimit(user: Pick<User, 'tier' | 'currentMonthUsage'>): boolean {
  return summarizeUsage(user).level === 'limit';
}
