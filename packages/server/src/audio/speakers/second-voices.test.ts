import { UNHEARD_SEGMENT_TEXT } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { keepDistinctSecondVoices, keepSecondVoiceWords } from './second-voices.ts';

describe('what a second voice adds to the transcript', () => {
  const ordinary = {
    text: 'five years just because of the floods is bringing all these new things down okay',
    start: 0,
    end: 7.3,
  };

  it('keeps only the words the ordinary segment at that time lacks, endings aside', () => {
    const segments = [
      ordinary,
      { text: 'If we bring all this, you understand. Okay, great.', start: 3.9, end: 6.9, overlap: true },
    ];
    keepSecondVoiceWords(segments, { minNewWords: 2 });
    expect(segments[1]!.text).toBe('If we this, you understand. great.');
  });

  it('marks the second voice’s time when it gave too few new words, or drops it when asked', () => {
    const twice = () => [ordinary, { text: 'the floods bringing things', start: 3, end: 4.6, overlap: true }];
    const marked = twice();
    keepSecondVoiceWords(marked, { minNewWords: 2 });
    expect(marked).toHaveLength(2);
    expect(marked[1]!.text).toBe(UNHEARD_SEGMENT_TEXT);
    const dropped = twice();
    keepSecondVoiceWords(dropped, { minNewWords: 2, unheard: 'drop' });
    expect(dropped).toEqual([ordinary]);
  });

  it('drops a second voice under the person speaking there anyway and joins one person’s close second voices', () => {
    const labelled = [
      { speaker: 'Speaker 1', text: 'my name is bruce', start: 0, end: 10, overlap: undefined },
      { speaker: 'Speaker 1', text: UNHEARD_SEGMENT_TEXT, start: 3, end: 5, overlap: true },
      { speaker: 'Speaker 2', text: UNHEARD_SEGMENT_TEXT, start: 6, end: 7, overlap: true },
      { speaker: 'Speaker 2', text: 'ask not', start: 7.3, end: 8, overlap: true },
      { speaker: 'Speaker 2', text: UNHEARD_SEGMENT_TEXT, start: 9, end: 9.8, overlap: true },
    ];
    keepDistinctSecondVoices(labelled);
    expect(labelled.map((s) => [s.speaker, s.text, s.start, s.end])).toEqual([
      ['Speaker 1', 'my name is bruce', 0, 10],
      ['Speaker 2', 'ask not', 6, 8],
      ['Speaker 2', UNHEARD_SEGMENT_TEXT, 9, 9.8],
    ]);
  });
});
