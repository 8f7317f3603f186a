import { describe, expect, it } from 'vitest';
import { matchedWordPairs, wordAttribution } from './word-attribution.ts';

const words = (speaker: string, text: string) => text.split(' ').map((w) => ({ w, speaker }));

describe('matchedWordPairs', () => {
  it('pairs the words an alignment keeps, skipping substitutions, deletions and insertions', () => {
    const ref = ['so', 'we', 'had', 'a', 'long', 'problem'];
    const hyp = ['so', 'had', 'a', 'big', 'problem', 'there'];
    expect(matchedWordPairs(ref, hyp)).toEqual([
      [0, 0],
      [2, 1],
      [3, 2],
      [5, 4],
    ]);
  });

  it('is empty when either side is', () => {
    expect(matchedWordPairs([], ['a'])).toEqual([]);
    expect(matchedWordPairs(['a'], [])).toEqual([]);
  });
});

describe('wordAttribution', () => {
  const reference = [...words('A', 'can you just remind me'), ...words('B', 'yes of course')];

  it('counts every recognised word under the label mapped to its speaker', () => {
    const segments = [
      { speaker: 'Speaker 1', text: 'Can you just remind me?' },
      { speaker: 'Speaker 2', text: 'Yes, of course.' },
    ];
    expect(wordAttribution(reference, segments, { A: 'Speaker 1', B: 'Speaker 2' })).toEqual({
      matched: 8,
      attributed: 8,
    });
  });

  it('counts words that land under another speaker as recognised but not attributed', () => {
    // the segment boundary is two words late: "yes of" stay with Speaker 1
    const segments = [
      { speaker: 'Speaker 1', text: 'can you just remind me yes of' },
      { speaker: 'Speaker 2', text: 'course' },
    ];
    expect(wordAttribution(reference, segments, { A: 'Speaker 1', B: 'Speaker 2' })).toEqual({
      matched: 8,
      attributed: 6,
    });
  });

  it('leaves out fillers and words the recogniser got wrong, and a speaker the mapping has no label for', () => {
    const ref = [...words('A', 'um can you remind me'), ...words('C', 'mm-hmm okay')];
    const segments = [{ speaker: 'Speaker 1', text: 'uh can you find me okay' }];
    // matched: can, you, me (A) and okay (C); C has no label of its own, so "okay" is not attributed
    expect(wordAttribution(ref, segments, { A: 'Speaker 1' })).toEqual({ matched: 4, attributed: 3 });
  });
});
