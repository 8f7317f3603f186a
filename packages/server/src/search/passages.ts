import { words } from '../lib/words/tokens.ts';
import type { EngineHit } from './engine.ts';
import type { SearchIndex, SearchScope } from './index.ts';

// The passages that may answer a question (decision 163). A question is not a query: its question words
// and the verbs of asking ("what did we decide about", "when is") are dropped, and the rest must all be
// in a passage. When no passage holds them all, passages holding most of them (at least two, and at
// least half) follow, those holding more first: a question about something never said finds nothing.
// A question asking for a time or an amount puts the passages that say one first.

const ASKING = new Set(
  `what when where who whom whose which why how is are was were be been being am do does did done doing
  have has had the a an of to in on at for from by with about as into onto and or but if then than that this
  these those it its we our ours us you your they their them he him his she her i me my there here any some
  all can could would should will shall may might must say said says tell told talk talked discuss discussed
  mention mentioned decide decided agree agreed think thought know knew meeting meetings anyone someone
  somebody everyone anything something going gonna get got let please ever`.split(/\s+/),
);
/**
 * What a question asks for, told by how it opens, and how a passage says it: "when" wants a time (a
 * day, a date, a month, a clock time, a relative time), "how much / how many / what price" an amount.
 * Among the passages holding the question's words, those that say such a thing come first: in a pile
 * of meetings "the launch" is mentioned often, the date of it once.
 */
const ANSWER_KINDS: Array<{ asks: RegExp; says: RegExp }> = [
  {
    asks: /^\s*(when|by when|until when|how soon|what (day|date|time|week|month)|which (day|date|week|month))\b/i,
    says: new RegExp(
      `\\b(${[
        'monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|today|tonight|tomorrow|yesterday',
        'january|february|march|april|may|june|july|august|september|october|november|december',
        '(jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\\.?',
        'morning|afternoon|evening|noon|midnight|o.clock|(\\d{1,2}(:\\d\\d)?\\s*(am|pm))|\\d{1,2}:\\d\\d',
        '(next|last|this|coming) (week|month|year|quarter)|in (a|one|two|three|four|a few|\\d+) (days?|weeks?|months?)',
        // Ordinals as dates ("on the fourteenth", "the 3rd"); "first" and "second" say too much else.
        '\\d{1,2}(st|nd|rd|th)|the (twenty |thirty )?(third|fourth|fifth|sixth|seventh|eighth|ninth)',
        'the (tenth|eleventh|twelfth|(thir|four|fif|six|seven|eigh|nine)teenth|twentieth|thirtieth)',
        '(19|20)\\d\\d|q[1-4]|deadline',
      ].join('|')})\\b`,
      'i',
    ),
  },
  {
    asks: /^\s*(how (much|many)|what (is|was|are|were) the (price|cost|budget|number|amount|total))\b/i,
    says: /[\d€$£%]|\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|euros?|dollars?|pounds?|percent|cents?)\b/i,
  },
];

/** The pattern of what the question asks for, when it asks for a time or an amount. */
export const answerKind = (question: string) => ANSWER_KINDS.find((kind) => kind.asks.test(question))?.says;

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
  const whole = await index.run(scope, terms.join(' '), CAP);
  const kind = answerKind(question);
  if (kind && whole.hits.length > k) {
    // Passages saying a time (an amount) first, each group in the engine's order; the best CAP are read.
    const rows = await whole.load(whole.hits.slice(0, CAP));
    const says = rows.filter(({ row }) => kind.test(row.text)).map(({ hit }) => hit);
    const rest = rows.filter(({ row }) => !kind.test(row.text)).map(({ hit }) => hit);
    return [...says, ...rest].slice(0, k);
  }
  const all = whole.hits;
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
