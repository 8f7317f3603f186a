import { contentTerms } from './builtin/text.ts';

/** Most of the shorter task's content words recur in the other: the same task said twice. */
export function sameTerms(a: string[], b: string[]): boolean {
  const set = new Set(a);
  const shared = b.filter((t) => set.has(t)).length;
  return shared / Math.max(1, Math.min(set.size, b.length)) >= 0.6;
}

/** Two task texts that name the same work ("Send the launch email" / "send launch email on Monday"). */
export const isSameTask = (a: string, b: string) => sameTerms(contentTerms(a), contentTerms(b));
