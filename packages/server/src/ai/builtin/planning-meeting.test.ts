import { describe, expect, it } from 'vitest';
import type { NotesInput, NotesSegment } from '../types.ts';
import { extractActionItems } from './action-items.ts';
import { dueDateFrom } from './due-date.ts';
import { buildSummary } from './summary.ts';

const THURSDAY = new Date('2026-11-26T04:10:00Z');

let clock = 0;
const turn = (speaker: string, text: string, person?: { id: string; name: string }): NotesSegment => {
  const startMs = clock;
  clock += 4000 + text.length * 60;
  return { speaker, personId: person?.id ?? null, personName: person?.name ?? null, text, startMs, endMs: clock };
};

/** The planning meeting of issue 24: three tasks, asked and accepted, with days said. */
function planningMeeting(people: NotesInput['people'] = [], links: Record<string, { id: string; name: string }> = {}) {
  clock = 0;
  const segments = [
    turn('Speaker 1', "Okay, let's get started with the launch planning.", links['Speaker 1']),
    turn('Speaker 1', 'The launch is on track, the beta numbers look good.', links['Speaker 1']),
    turn('Speaker 2', 'The checkout is still failing for some users on Android.', links['Speaker 2']),
    turn('Speaker 1', 'David, can you fix the checkout failures by Thursday?', links['Speaker 1']),
    turn('Speaker 2', 'Yes, I will fix it by Thursday.', links['Speaker 2']),
    turn('Speaker 3', 'On marketing, the press kit is ready and the blog post is drafted.', links['Speaker 3']),
    turn('Speaker 3', 'I will send the launch email on Monday.', links['Speaker 3']),
    turn('Speaker 1', 'Great. Priya, could you also update the pricing page tomorrow?', links['Speaker 1']),
    turn('Speaker 3', 'Sure, I can do that.', links['Speaker 3']),
    turn('Speaker 2', 'The Android release notes still need a review from the team.', links['Speaker 2']),
    turn('Speaker 1', 'Thanks everyone, that is all for today.', links['Speaker 1']),
  ];
  return {
    title: 'Launch planning',
    meetingDate: THURSDAY,
    language: 'English',
    segments,
    people,
  } satisfies NotesInput;
}

describe('builtin action items on a planning meeting', () => {
  it('finds the three tasks, owned by the person asked or the person committing, due on the days said', () => {
    const items = extractActionItems(planningMeeting());
    const fix = items.find((i) => /checkout failures/i.test(i.task));
    const email = items.find((i) => /launch email/i.test(i.task));
    const pricing = items.find((i) => /pricing page/i.test(i.task));
    // "by Thursday" said on a Thursday is the next one; a day-only phrase has no time of day.
    expect(fix).toMatchObject({ assignee: 'David', dueDate: '2026-12-03T00:00:00.000Z' });
    expect(fix!.task).toBe('Fix the checkout failures by Thursday');
    expect(email).toMatchObject({ assignee: 'Speaker 3', dueDate: '2026-11-30T00:00:00.000Z' });
    expect(pricing).toMatchObject({ assignee: 'Priya', dueDate: '2026-11-27T00:00:00.000Z' });
    // The accepting answer ("Yes, I will fix it by Thursday") is the same task, not a second one.
    expect(items.filter((i) => /\bfix\b/i.test(i.task))).toHaveLength(1);
    expect(fix!.context).toContain('Speaker 2: Yes, I will fix it by Thursday.');
  });

  it('links the owner to the person the answering speaker is assigned to, else to the contact named', () => {
    const david = { id: 'p-david', name: 'David Kim' };
    const priya = { id: 'p-priya', name: 'Priya Shah' };
    const people = [david, priya];
    const linked = extractActionItems(planningMeeting(people, { 'Speaker 2': david, 'Speaker 3': priya }));
    expect(linked.find((i) => /checkout/i.test(i.task))).toMatchObject({ assignee: 'David Kim', personId: 'p-david' });
    expect(linked.find((i) => /launch email/i.test(i.task))).toMatchObject({ personId: 'p-priya' });
    // No label linked: the name said finds the one contact with that first name.
    const named = extractActionItems(planningMeeting(people));
    expect(named.find((i) => /pricing/i.test(i.task))).toMatchObject({ assignee: 'Priya Shah', personId: 'p-priya' });
  });
});

describe('builtin action items said without a date or a modal', () => {
  it('an imperative after a name and a named request taken on are tasks of the person named', () => {
    clock = 0;
    const items = extractActionItems({
      title: 'Release tasks',
      meetingDate: THURSDAY,
      language: 'English',
      people: [],
      segments: [
        turn('Sam Rivera', "Let's go through the tasks for the release."),
        turn('Sam Rivera', 'Priya, send the launch email on Monday.'),
        turn('Priya Patel', 'Okay.'),
        turn('Sam Rivera', 'David, could you draft the release notes?'),
        turn('David Chen', 'Sure, no problem.'),
        turn('Sam Rivera', 'Thanks, that is all.'),
      ],
    });
    expect(items.map((i) => [i.assignee, i.task, i.dueDate])).toEqual([
      ['Priya', 'Send the launch email on Monday', '2026-11-30T00:00:00.000Z'],
      ['David', 'Draft the release notes', null],
    ]);
  });
});

describe('due dates relative to the meeting day', () => {
  it('reads weekdays forward, keeps "today" and keeps a time only when one was said', () => {
    expect(dueDateFrom(['by Thursday'], THURSDAY)).toBe('2026-12-03T00:00:00.000Z');
    expect(dueDateFrom(["You're fixing it by Thursday, right?"], THURSDAY)).toBe('2026-12-03T00:00:00.000Z');
    expect(dueDateFrom(['on Friday'], THURSDAY)).toBe('2026-11-27T00:00:00.000Z');
    expect(dueDateFrom(['tomorrow'], THURSDAY)).toBe('2026-11-27T00:00:00.000Z');
    expect(dueDateFrom(['before the end of today'], THURSDAY)).toBe('2026-11-26T00:00:00.000Z');
    expect(dueDateFrom(['next Tuesday at 3pm'], THURSDAY)).toBe('2026-12-01T15:00:00.000Z');
    expect(dueDateFrom(['no date here'], THURSDAY)).toBeNull();
  });
});

describe('builtin summary of a planning meeting', () => {
  it('gives every substantial contributor a point and no topic made of verbs or times of day', () => {
    const input = planningMeeting();
    const summary = buildSummary(input, extractActionItems(input));
    const points = summary.split('## Key points')[1]!.split('##')[0]!;
    for (const speaker of ['Speaker 1', 'Speaker 2', 'Speaker 3']) expect(points).toContain(`**${speaker}**`);
    const topics = summary.match(/Main topics: ([^.]*)\./)?.[1] ?? '';
    for (const noise of ['send', 'morning', 'monday', 'thursday', 'fix'])
      expect(topics.split(', ')).not.toContain(noise);
  });
});

describe('builtin summary points read as writing', () => {
  it('drops opening markers, spoken hedges and a phrase said twice, and keeps the words that matter', () => {
    clock = 0;
    const said =
      'Okay, so I think we can use we can use the rubber casing because it actually feels better in the hand.';
    const input: NotesInput = {
      title: 'Casing',
      meetingDate: THURSDAY,
      language: 'English',
      people: [],
      segments: [
        turn('Speaker 1', said),
        turn('Speaker 2', 'The rubber casing costs more than the plastic casing per unit.'),
        turn('Speaker 1', 'The plastic casing breaks when the remote falls on the floor.'),
      ],
    };
    const summary = buildSummary(input, []);
    expect(summary).toContain('): We can use the rubber casing because it feels better in the hand.');
    expect(summary).not.toContain(said);
  });
});
