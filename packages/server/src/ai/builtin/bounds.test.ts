import { describe, expect, it } from 'vitest';
import type { NotesInput } from '../types.ts';
import { tfidfVectors } from './rank.ts';
import { buildSummary } from './summary.ts';
import { toSentences } from './text.ts';

const meeting = (texts: string[]): NotesInput => ({
  title: 'Planning',
  meetingDate: new Date('2026-03-04T09:00:00Z'),
  language: 'English',
  people: [],
  segments: texts.map((text, i) => ({
    speaker: 'Ann',
    personId: null,
    personName: null,
    text,
    startMs: i * 1000,
    endMs: i * 1000 + 900,
  })),
});

describe('the builtin summary on hostile transcripts (issue 21)', () => {
  it('a word found in most sentences carries no weight', () => {
    const sentences = toSentences(
      meeting([
        'The budget covers the printing costs.',
        'The budget covers the venue hire.',
        'The budget leaves room for catering.',
        'Marketing wants posters printed.',
      ]).segments,
    );
    const [first] = tfidfVectors(sentences);
    expect(first!.has('budget')).toBe(false);
    expect(first!.has('print')).toBe(true);
  });

  it('8,000 copies of one sentence make one key point', () => {
    const summary = buildSummary(meeting(Array(8000).fill('Budget planning meeting agenda review.')), []);
    expect(summary.match(/Budget planning meeting agenda review/g)).toHaveLength(1);
  });
});
