import { describe, expect, it } from 'vitest';
import { splitHighlights } from './highlight';

describe('splitHighlights', () => {
  it('cuts the text at the ranges, in order', () => {
    expect(
      splitHighlights('we were recording the record', [
        { start: 22, end: 28 },
        { start: 8, end: 17 },
      ]),
    ).toEqual([
      { text: 'we were ', match: false },
      { text: 'recording', match: true },
      { text: ' the ', match: false },
      { text: 'record', match: true },
    ]);
  });

  it('tolerates overlapping and out-of-range ranges', () => {
    expect(
      splitHighlights('abcdef', [
        { start: 1, end: 4 },
        { start: 2, end: 5 },
        { start: 9, end: 12 },
      ]),
    ).toEqual([
      { text: 'a', match: false },
      { text: 'bcde', match: true },
      { text: 'f', match: false },
    ]);
    expect(splitHighlights('abc')).toEqual([{ text: 'abc', match: false }]);
  });
});
