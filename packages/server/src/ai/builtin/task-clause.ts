// The task in what follows a trigger: the first clause, put in the imperative, without the chatter that
// trails it in speech (a vocative between commas, a clause broken off and said again, "and maybe").
import { words } from './text.ts';
import { toImperative } from './verbs.ts';

const VOCATIVE_INSIDE = /,\s+[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?,\s+/g;
const DANGLING = /\b(?:on|at|about|with|for|to|into|of|the|a|an)$/i;

/** The clause after the trigger, in the imperative, without trailing chatter. */
export function taskFrom(rest: string, verb = true): string | null {
  // "work more, Baba, on the buttons": a name said between commas is a vocative, not the end of the task.
  const clauses = rest
    .replace(VOCATIVE_INSIDE, ' ')
    .split(/[;:?!]|[.,]\s|\s(?:because|'cause|cause|but|so that|so|and then|which|otherwise|though|okay|alright)\s/i);
  // "you're gonna be working on, come up with the design": a clause broken off and said again.
  const first = clauses[1] && DANGLING.test(clauses[0]!.trim()) ? clauses[1] : clauses[0]!;
  let clause = first
    .replace(/^(?:also|just|definitely|probably|actually|still|then|now|all|quickly|maybe|perhaps)\s+/i, '')
    .replace(/[.,]+$/, '')
    .replace(/(?:\s+(?:and|or|but|the|a|an|then|so|also|maybe|perhaps))+$/i, '')
    .trim();
  if (verb) clause = toImperative(clause);
  const count = words(clause).length;
  if (count < 2) return null;
  return count > 18 ? `${clause.split(/\s+/).slice(0, 18).join(' ')}...` : clause;
}
