import { words } from '../lib/words/tokens.ts';

// Turns whatever a user typed into plain words and phrases. Nothing of the user's text reaches a
// full-text engine as syntax: FTS5 and tsquery operators (*, -, NEAR, AND, parentheses, colons) become
// ordinary words or disappear, and only a balanced pair of double quotes keeps its meaning (a phrase).

export const MAX_QUERY_TERMS = 12;

export interface ParsedQuery {
  /** Every word of the query, lower-cased, in order (phrase words included), at most MAX_QUERY_TERMS. */
  terms: string[];
  /** Runs of words the user quoted; each must appear in this order. */
  phrases: string[][];
}

export function parseQuery(input: string): ParsedQuery {
  const phrases: string[][] = [];
  const quotes = [...input].filter((c) => c === '"').length;
  // An odd number of quotes means the last one is unbalanced: it is text, not syntax.
  const usable = quotes % 2 === 0 ? input : input.replace(/"(?=[^"]*$)/, ' ');
  for (const match of usable.matchAll(/"([^"]*)"/g)) {
    const phrase = words(match[1] ?? '', MAX_QUERY_TERMS);
    if (phrase.length > 1) phrases.push(phrase);
  }
  return { terms: words(usable, MAX_QUERY_TERMS), phrases };
}
