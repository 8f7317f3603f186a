import { describe, expect, it } from 'vitest';
import type { NotesInput, NotesSegment } from '../types.ts';
import { buildSummary } from './summary.ts';

// Issue 40, item 4: the built-in overview's topics carry content, and its length is the meeting's.

let clock = 0;
const turn = (speaker: string, text: string): NotesSegment => {
  const startMs = clock;
  clock += 5000;
  return { speaker, personId: null, personName: null, text, startMs, endMs: clock };
};

function politeMeeting(durationMs?: number): NotesInput {
  clock = 0;
  const segments = [
    turn('Speaker 1', 'Please open the budget spreadsheet for the warehouse, please.'),
    turn('Speaker 2', 'Sure, please give me a second to find the budget spreadsheet.'),
    turn('Speaker 1', 'Thanks. Please check the warehouse budget for the second quarter.'),
    turn('Speaker 2', 'Okay, the warehouse budget is over by ten percent, please note that.'),
    turn('Speaker 1', 'Please ask the warehouse team to review the spreadsheet, thanks.'),
    turn('Speaker 2', 'Yes, please, I will send the budget spreadsheet to the warehouse team.'),
  ];
  return {
    title: 'Warehouse budget',
    meetingDate: new Date('2026-11-26T10:00:00Z'),
    language: 'English',
    segments,
    people: [],
    ...(durationMs === undefined ? {} : { durationMs }),
  };
}

const overviewOf = (summary: string) => summary.split('\n').find((line) => line.startsWith('"')) ?? summary;

describe('the built-in overview', () => {
  it('keeps politeness words out of the main topics', () => {
    const overview = overviewOf(buildSummary(politeMeeting(), []));
    const topics = overview.match(/Main topics: ([^.]*)\./)?.[1] ?? '';
    expect(topics).toMatch(/budget|warehouse|spreadsheet/);
    expect(topics).not.toMatch(/\b(please|thanks|sure|okay)\b/i);
  });

  it("states the meeting's measured length, not where its last words end", () => {
    expect(overviewOf(buildSummary(politeMeeting(95_000), []))).toContain('(1:35)');
    expect(overviewOf(buildSummary(politeMeeting(), []))).toContain('(0:30)');
  });
});
