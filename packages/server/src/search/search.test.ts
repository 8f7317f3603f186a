import { describe, expect, it } from 'vitest';
import { phoneticKeysOfWord, soundsAlike } from '../lib/words/phonetic.ts';
import { fuzzyPieces } from './engine.ts';
import { MAX_QUERY_TERMS, parseQuery } from './query-parser.ts';
import { RRF_K, reciprocalRankFusion } from './rrf.ts';
import { rankByTermFrequency } from './term-frequency-rank.ts';
import { matchText, matchWord, trigramSimilarity } from './word-match.ts';

describe('parseQuery', () => {
  it('keeps words and turns engine syntax into nothing', () => {
    expect(parseQuery('budget* -remote NEAR(a b) text:foo (x')).toEqual({
      terms: ['budget', 'remote', 'near', 'a', 'b', 'text', 'foo', 'x'],
      phrases: [],
    });
  });

  it('reads balanced quotes as phrases and an unbalanced quote as text', () => {
    expect(parseQuery('"remote control" battery')).toEqual({
      terms: ['remote', 'control', 'battery'],
      phrases: [['remote', 'control']],
    });
    expect(parseQuery('"remote control" "battery')).toEqual({
      terms: ['remote', 'control', 'battery'],
      phrases: [['remote', 'control']],
    });
    expect(parseQuery('"remote').phrases).toEqual([]);
  });

  it('bounds the number of terms and keeps letters of any script', () => {
    expect(parseQuery('a b c d e f g h i j k l m n o p').terms).toHaveLength(MAX_QUERY_TERMS);
    expect(parseQuery('Ça marché, Müller!').terms).toEqual(['ça', 'marché', 'müller']);
  });
});

describe('reciprocalRankFusion', () => {
  it('adds 1/(k + rank) per list and records which lists matched', () => {
    const fused = reciprocalRankFusion({ keyword: ['a', 'b'], fuzzy: ['b'], phonetic: [] });
    expect(fused.map((h) => h.id)).toEqual(['b', 'a']);
    expect(fused[0]).toEqual({ id: 'b', score: 1 / (RRF_K + 2) + 1 / (RRF_K + 1), matchedBy: ['keyword', 'fuzzy'] });
    expect(fused[1]).toEqual({ id: 'a', score: 1 / (RRF_K + 1), matchedBy: ['keyword'] });
  });
});

describe('phonetic keys', () => {
  it('makes names spelt by ear meet', () => {
    expect(soundsAlike('sheila', 'shayla')).toBe(true);
    expect(soundsAlike('duguid', 'goodwood')).toBe(true);
    expect(soundsAlike('budget', 'battery')).toBe(false);
  });

  it('leaves out short function words', () => {
    expect(['the', 'and', 'you'].flatMap(phoneticKeysOfWord)).toEqual([]);
    expect(phoneticKeysOfWord('sheila')).toContain('phxl');
  });
});

describe('word matching and highlights', () => {
  it('names the kind of match', () => {
    expect(matchWord('recorded', 'recording')).toBe('stem');
    expect(matchWord('whiteb', 'whiteboard')).toBe('prefix');
    expect(matchWord('board', 'whiteboard')).toBe('part');
    expect(matchWord('receive', 'recieve')).toBe('fuzzy');
    expect(matchWord('sheila', 'shayla')).toBe('phonetic');
    expect(matchWord('budget', 'control')).toBeNull();
  });

  it('computes trigram similarity as pg_trgm does', () => {
    expect(trigramSimilarity('word', 'word')).toBe(1);
    expect(trigramSimilarity('receive', 'recieve')).toBeCloseTo(4 / 12);
  });

  it('returns the character ranges of matching words', () => {
    const text = 'We were Recording; the record is here.';
    const { highlights, allTermsMatched } = matchText(parseQuery('recorded'), text);
    expect(highlights.map((h) => text.slice(h.start, h.end))).toEqual(['Recording', 'record']);
    expect(allTermsMatched).toBe(true);
    expect(matchText(parseQuery('recorded budget'), text).allTermsMatched).toBe(false);
  });

  it('splits a word into pieces of which one survives a typo', () => {
    expect(fuzzyPieces('receive')).toEqual(['rec', 'eive']);
    expect(fuzzyPieces('shla')).toEqual(['shl', 'hla']);
  });
});

describe('rankByTermFrequency', () => {
  it('puts segments that say the words more often, for their length, first; ties keep their order', () => {
    const rows = [
      { id: 'long', text: 'The budget, as I said before in the long meeting about many other things.' },
      { id: 'twice', text: 'Budget, budget.' },
      { id: 'once', text: 'Our budgets.' },
      { id: 'tie', text: 'Our budget.' },
    ];
    expect(rankByTermFrequency(rows, ['budget']).map((r) => r.id)).toEqual(['twice', 'once', 'tie', 'long']);
  });
});
