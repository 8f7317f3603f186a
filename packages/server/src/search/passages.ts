import { words } from '../lib/words/tokens.ts';
import type { EngineHit } from './engine.ts';
import type { SearchIndex, SearchScope } from './index.ts';

// The passages that may answer a question (decision 163). A question is not a query: its question words
// and the verbs of asking ("what did we decide about", "when is") are dropped, and the rest must all be
// in a passage. When no passage holds them all, passages holding most of them (at least two, and at
// least half) follow, those holding more first: a question about something never said finds nothing.

const ASKING = new Set(
  `what when where who whom whose which why how is are was were be been being am do does did done doing
  have has had the a an of to in on at for from by with about as into onto and or but if then than that this
  these those it its we our ours us you your they their them he him his she her i me my there here any some
  all can could would should will shall may might must say said says tell told talk talked discuss discussed
  mention mentioned decide decided agree agreed think thought know knew meeting meetings anyone someone
  somebody everyone anything something going gonna get got let please ever`.split(/\s+/),
);
/** Words of a question used at most (the engine takes 12). */
const MAX_WORDS = 8;
/** Candidates per retriever when reading a question's words. */
const CAP = 300;

/** The words of a question that say what it is about. */
export function questionWords(question: string): string[] {
  return [...new Set(words(question).filter((w) => !ASKING.has(w) && w.length > 1))].slice(0, MAX_WORDS);
}

/** The best `k` passages for a question in a scope, best first (ids and meetings; the caller reads them). */
export async function passagesFor(
  index: SearchIndex,
  scope: SearchScope,
  question: string,
  k: number,
): Promise<EngineHit[]> {
  const terms = questionWords(question);
  if (terms.length === 0) return [];
  const all = (await index.run(scope, terms.join(' '), CAP)).hits;
  if (all.length >= k || terms.length < 3) return all.slice(0, k);
  // Fewer than k hold every word: passages holding most of them, by how many, then by their ranks.
  const each = await Promise.all(terms.map((term) => index.run(scope, term, CAP)));
  const found = new Map<string, { hit: EngineHit; words: number; score: number }>();
  for (const result of each) {
    for (const hit of result.hits) {
      const entry = found.get(hit.id) ?? { hit, words: 0, score: 0 };
      entry.words++;
      entry.score += hit.score;
      found.set(hit.id, entry);
    }
  }
  const enough = Math.max(2, Math.ceil(terms.length / 2));
  const seen = new Set(all.map((h) => h.id));
  const most = [...found.values()]
    .filter((e) => e.words >= enough && !seen.has(e.hit.id))
    .sort((a, b) => b.words - a.words || b.score - a.score)
    .map((e) => e.hit);
  return [...all, ...most].slice(0, k);
}
