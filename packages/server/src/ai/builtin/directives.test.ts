import { describe, expect, it } from 'vitest';
import type { NotesInput, NotesSegment } from '../types.ts';
import { findCandidates } from './action-candidates.ts';
import { extractActionItems } from './action-items.ts';

let clock = 0;
const turn = (speaker: string, text: string): NotesSegment => {
  const startMs = clock;
  clock += 3000 + text.length * 60;
  return { speaker, personId: null, personName: null, text, startMs, endMs: clock };
};

/**
 * A design review that ends by handing out the work the way people say it: without "can you" or "I'll".
 * Lena leads (she says the most); the work is given in the last tenth of the meeting.
 */
function review(closing: NotesSegment[]): NotesInput {
  clock = 0;
  const discussion = Array.from({ length: 12 }, (_, i) => [
    turn('Lena', `The prototype review covers the casing, the buttons and the battery life, point ${i + 1}.`),
    turn('Anna', 'The casing samples arrived and the rubber one feels better in the hand.'),
    turn('Marco', 'The survey had two hundred answers, most people want fewer buttons.'),
  ]).flat();
  return {
    title: 'Design review',
    meetingDate: new Date('2026-03-05T10:00:00Z'),
    language: 'English',
    people: [],
    segments: [...discussion, ...closing],
  };
}

const candidate = (input: NotesInput, task: RegExp) => findCandidates(input).candidates.find((c) => task.test(c.task));

describe('directives without a modal', () => {
  it('reads an imperative after discourse markers and a tag question as a task for whoever takes it on', () => {
    const input = review([
      turn('Lena', 'And you, well, think about the battery requirements, eh?'),
      turn('Marco', 'Sure, will do.'),
    ]);
    const found = candidate(input, /battery requirements/);
    expect(found).toMatchObject({
      kind: 'imperative',
      task: 'Think about the battery requirements',
      assignee: 'Marco',
    });
    expect(found!.features.has('accepted')).toBe(true);
  });

  it('reads an allocation ("for you it\'s ...") as the named person\'s task, said as a thing', () => {
    const input = review([turn('Lena', 'Marco, for you it is the user requirements specification.')]);
    expect(candidate(input, /requirements specification/)).toMatchObject({
      task: 'The user requirements specification',
      assignee: 'Marco',
    });
  });

  it('keeps the task past a vocative between commas and takes the repaired clause of a false start', () => {
    const input = review([
      turn('Lena', 'You will have to work more, Anna, on the rubber casing samples.'),
      turn('Lena', "Marco, you're gonna be working on, come up with the survey summary."),
    ]);
    expect(candidate(input, /rubber casing/)?.task).toBe('Work more on the rubber casing samples');
    expect(candidate(input, /survey summary/)).toMatchObject({
      task: 'Come up with the survey summary',
      assignee: 'Marco',
    });
  });

  it('marks the future told to someone and a handout of work to several people by the one who leads', () => {
    const input = review([
      turn('Lena', "Anna, you're going to look at the casing costs."),
      turn('Lena', 'And Marco, you will write up the survey results.'),
    ]);
    const casing = candidate(input, /casing costs/)!;
    const survey = candidate(input, /survey results/)!;
    for (const c of [casing, survey]) {
      for (const feature of ['future', 'handout', 'chair', 'closing'])
        expect(c.features.has(feature as never)).toBe(true);
    }
    expect(casing.assignee).toBe('Anna');
    expect(survey.assignee).toBe('Marco');
  });

  it('does not take the generic you of a condition for someone asked', () => {
    const input = review([turn('Marco', 'When you can look at the survey results, people want fewer buttons.')]);
    expect(candidate(input, /survey results/)!.features.has('conditional')).toBe(true);
    // No "you" at all: the present tense of a statement is not a directive.
    expect(candidate(review([turn('Marco', 'People look at the survey results first.')]), /survey/)).toBeUndefined();
  });

  it('does not take an ordinary word opening a request for a name ("Just, ...")', () => {
    const input = review([
      turn('Lena', 'Just, you are going to look at the casing costs.'),
      turn('Anna', 'We just need the numbers from the supplier.'),
    ]);
    // "just" is said in lower case elsewhere: an ordinary word; whoever answers is the one asked.
    expect(candidate(input, /casing costs/)?.assignee).toBe('Anna');
  });

  it('a commitment broken off by a new subject is not a task ("I\'ll we\'re having another meeting")', () => {
    const input = review([turn('Lena', "Okay well I'll we're having another meeting in half an hour.")]);
    expect(candidate(input, /meeting/)).toBeUndefined();
  });

  it('keeps the handed-out tasks of the wrap-up and none of the discussion', () => {
    const items = extractActionItems(
      review([
        turn('Lena', 'Okay, to wrap up.'),
        turn('Lena', "Anna, you're going to look at the casing costs."),
        turn('Lena', 'And Marco, you will write up the survey results.'),
        turn('Marco', 'Okay.'),
      ]),
    );
    expect(items.map((i) => [i.assignee, i.task])).toEqual([
      ['Anna', 'Look at the casing costs'],
      ['Marco', 'Write up the survey results'],
    ]);
  });
});
