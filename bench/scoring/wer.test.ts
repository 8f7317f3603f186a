import { describe, expect, it } from 'vitest';
import { corpusWordErrorRate, normalizeText, numberToWords, withoutFillers, wordErrorRate } from './wer.ts';

describe('wordErrorRate', () => {
  it('normalises case, punctuation, hyphens, numbers and common abbreviations', () => {
    expect(normalizeText("Mr. John's ill-disposed, 21 cats!")).toEqual([
      'mister',
      'johns',
      'ill',
      'disposed',
      'twenty',
      'one',
      'cats',
    ]);
    expect(numberToWords(1999)).toBe('one thousand nine hundred ninety nine');
    expect(wordErrorRate('Testing one two three', 'testing 1, 2, 3.')).toBe(0);
  });

  it('counts substitutions, deletions and insertions against the reference length', () => {
    expect(wordErrorRate('a b c d', 'a x c d')).toBe(0.25);
    expect(wordErrorRate('a b c d', 'a c d')).toBe(0.25);
    expect(wordErrorRate('a b c d', 'a b c d e f')).toBe(0.5);
    expect(wordErrorRate('', '')).toBe(0);
    expect(
      corpusWordErrorRate([
        { reference: 'a b', hypothesis: 'a' },
        { reference: 'c d e f', hypothesis: 'c d e f' },
      ]).wer,
    ).toBeCloseTo(1 / 6);
  });
});

describe('withoutFillers', () => {
  it('drops hesitation fillers and keeps words', () => {
    expect(withoutFillers('Um, so uh we mm-hmm should, hmm, go. Mhm.')).toBe('so we should go');
  });
});
