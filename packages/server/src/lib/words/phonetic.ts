import { doubleMetaphone } from 'double-metaphone';
import { memoByWord } from './memo.ts';

// Speech recognisers spell names by ear ("Shayla" for Sheila, "Goodwood" for Duguid). Each word is
// reduced to its Double Metaphone codes, and each code also to its letters sorted, so codes that only
// differ by a transposition (TKT / KTT) still meet. Keys are prefixed so they never collide with words.

const MIN_WORD_LENGTH = 3;
// Short function words sound like half the language: they would only add noise.
const STOP_WORDS = new Set(
  "the and you that this with have for are was not but its it's they there then than what when were will would yeah okay".split(
    ' ',
  ),
);

function computeKeys(word: string): string[] {
  if (word.length < MIN_WORD_LENGTH || STOP_WORDS.has(word) || /^\d+$/.test(word)) return [];
  const keys = new Set<string>();
  for (const code of doubleMetaphone(word)) {
    if (!code) continue;
    keys.add(`ph${code.toLowerCase()}`);
    keys.add(`ps${[...code.toLowerCase()].sort().join('')}`);
  }
  return [...keys];
}

const keysOfWord = memoByWord(computeKeys);

/** The sounds of one (lower-case) word: two words sound alike when they share one. */
export function phoneticKeysOfWord(word: string): string[] {
  return keysOfWord(word);
}

/**
 * How two words sound alike by the rule the index uses: 'code' when they share a Double Metaphone code,
 * 'letters' when only a code's letters sorted meet (TKT / KTT), null when they do not.
 */
export function soundsAlike(a: string, b: string): 'code' | 'letters' | null {
  const keysA = new Set(keysOfWord(a));
  const shared = keysOfWord(b).filter((key) => keysA.has(key));
  if (shared.some((key) => key.startsWith('ph'))) return 'code';
  return shared.length > 0 ? 'letters' : null;
}
