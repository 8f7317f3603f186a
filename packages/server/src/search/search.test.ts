import { describe, expect, it } from 'vitest';
import { phoneticKeysOfWord, soundsAlike } from '../lib/words/phonetic.ts';
import { fuzzyPieces } from './engine.ts';
import { editDistance, isCompound, isNearSpelling, isSoundAlike } from './forgiveness.ts';
import { answerKind, questionWords } from './passages.ts';
import { MAX_QUERY_TERMS, parseQuery } from './query-parser.ts';
import { RRF_K, reciprocalRankFusion } from './rrf.ts';
import { rankByTermFrequency } from './term-frequency-rank.ts';
import { matchText } from './word-match.ts';

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
    expect(soundsAlike('sheila', 'shayla')).toBe('code');
    expect(soundsAlike('duguid', 'goodwood')).toBe('letters');
    expect(soundsAlike('budget', 'battery')).toBeNull();
  });

  it('leaves out short function words', () => {
    expect(['the', 'and', 'you'].flatMap(phoneticKeysOfWord)).toEqual([]);
    expect(phoneticKeysOfWord('sheila')).toContain('phxl');
  });
});

describe('word matching and highlights', () => {
  it('offers a near-spelling only close to the whole word, never a short word inside it', () => {
    expect(isNearSpelling('andriod', 'android')).toBe(true);
    expect(isNearSpelling('andriod', 'and')).toBe(false);
    expect(isNearSpelling('specfication', 'specification')).toBe(true);
    expect(isNearSpelling('specfication', 'duplication')).toBe(false);
    expect(isNearSpelling('priya', 'price')).toBe(false);
    expect(isNearSpelling('receive', 'recieve')).toBe(true);
    expect(isNearSpelling('the', 'she')).toBe(false);
    expect(isNearSpelling('lego', 'leg')).toBe(false);
    expect(isNearSpelling('pariss', 'paris')).toBe(true);
    expect(isCompound('board', 'whiteboard')).toBe(true);
    expect(isCompound('board', 'boards')).toBe(false);
  });

  it('counts slips as optimal string alignment does, and stops past the bound', () => {
    expect(editDistance('recieve', 'receive', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
  });

  it('keeps sound-alikes to rare words of about the same length', () => {
    expect(isSoundAlike('sheila', 'shayla', 2)).toBe(true);
    expect(isSoundAlike('catherine', 'kathryn', 1)).toBe(true);
    expect(isSoundAlike('sheila', 'shayla', 5000)).toBe(false);
    expect(isSoundAlike('priya', 'price', 40)).toBe(false);
    expect(isSoundAlike('duguid', 'goodwood', 1)).toBe(true);
    expect(isSoundAlike('christine', 'strange', 1)).toBe(false);
    expect(isSoundAlike('japan', 'open', 1)).toBe(false);
    expect(isSoundAlike('mac', 'mic', 1)).toBe(false);
  });

  it('returns the character ranges of matching words', () => {
    const text = 'We were Recording; the record is here.';
    const { highlights, allTermsMatched } = matchText(parseQuery('recorded'), text);
    expect(highlights.map((h) => text.slice(h.start, h.end))).toEqual(['Recording', 'record']);
    expect(allTermsMatched).toBe(true);
    expect(matchText(parseQuery('recorded budget'), text).allTermsMatched).toBe(false);
  });

  it('asks the vocabulary for words sharing the trigrams of a word', () => {
    expect(fuzzyPieces('receive')).toEqual(['rec', 'ece', 'cei', 'eiv', 'ive']);
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
    expect(
      rankByTermFrequency(rows, { words: [{ word: 'budget', prefix: false, others: [] }], phrases: [] }).map(
        (r) => r.id,
      ),
    ).toEqual(['twice', 'once', 'tie', 'long']);
  });
});

describe('what a question asks for', () => {
  it('reads a time from "when" questions and an amount from "how much", nothing from others', () => {
    const time = answerKind('When is the launch?');
    for (const said of [
      'The launch is on the fourteenth of March, a Tuesday.',
      'We ship next week',
      'Launch at 10:30',
      'by the 3rd',
      'in two weeks',
    ])
      expect(time?.test(said), said).toBe(true);
    for (const said of ['The launch video needs music.', 'First of all, the launch', 'Wait a second'])
      expect(time?.test(said), said).toBe(false);
    expect(answerKind('What date is the review?')).toBe(time);
    const amount = answerKind('How much is the starter plan?');
    expect(amount?.test('It stays at twelve euros.')).toBe(true);
    expect(amount?.test('We like this one.')).toBe(false);
    expect(answerKind('What did we decide about the launch?')).toBeUndefined();
    expect(answerKind('Who said when?')).toBeUndefined();
  });

  it('keeps the words that say what a question is about', () => {
    expect(questionWords('When is the launch?')).toEqual(['launch']);
    expect(questionWords('What did the customer say about the export?')).toEqual(['customer', 'export']);
  });
});
