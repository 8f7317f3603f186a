// A search compares its few terms with hundreds of words (candidates from the vocabulary, the words of
// the hits shown): stems, trigrams and sound codes of a word are computed once. The cache is emptied
// when full, so its memory stays bounded whatever the vocabulary.
const LIMIT = 50_000;

export function memoByWord<T>(compute: (word: string) => T): (word: string) => T {
  const cache = new Map<string, T>();
  return (word) => {
    let value = cache.get(word);
    if (value === undefined) {
      if (cache.size >= LIMIT) cache.clear();
      value = compute(word);
      cache.set(word, value);
    }
    return value;
  };
}
