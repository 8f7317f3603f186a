import { afterAll, describe, expect, it } from 'vitest';
import { loadAmiMeeting } from '../../../test/fixtures/ami-notes.ts';
import { createCpuPool } from '../../cpu/index.ts';
import type { NotesInput } from '../types.ts';
import { extractActionItems } from './action-items.ts';
import { builtinEngine } from './engine.ts';
import { buildSummary } from './summary.ts';

const collect = async (iterable: AsyncIterable<string>) => {
  let text = '';
  for await (const piece of iterable) text += piece;
  return text;
};

describe('builtin engine on real meetings (AMI)', () => {
  const cpu = createCpuPool({ threads: 1, maxHeapMb: 256 });
  afterAll(() => cpu.close());

  it('summarises ES2002b in sections, with the topics of the meeting and links to each point’s time', async () => {
    const { input, reference } = loadAmiMeeting('ES2002b');
    const summary = await collect(
      builtinEngine(cpu).streamSummary(input, { signal: new AbortController().signal, owner: 'user-1' }),
    );
    expect(summary).toMatch(/^## Overview\n/);
    expect(summary).toContain('## Key points');
    // The annotators' abstract is about speech recognition, the target group and the components.
    expect(summary.toLowerCase()).toContain('speech recognition');
    expect(summary).toMatch(/remote control/i);
    const links = [...summary.matchAll(/\]\(\?t=(\d+)\)/g)].map((m) => Number(m[1]));
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const seconds of links) expect(seconds).toBeLessThanOrEqual(reference.durationSec);
    // Spoken fillers and backchannels are not notes.
    expect(summary).not.toMatch(/\b(?:um|uh)\b/i);
    expect(summary).not.toMatch(/^- .*\): (?:Okay|Yeah|Mm-hmm)\.?$/m);
  });

  it('finds the tasks handed out at the end of TS3005a, with their assignees and times', () => {
    const { input } = loadAmiMeeting('TS3005a');
    const items = extractActionItems(input);
    const requirement = items.find((i) => /user requirement spec/i.test(i.task));
    expect(requirement).toBeDefined();
    expect(requirement!.assignee).toBe('Marketing Expert');
    expect(requirement!.context).toMatch(/user requirement spec/i);
    expect(requirement!.contextStartMs).toBeGreaterThan(10 * 60_000);
    expect(items.some((i) => /technical functions design/i.test(i.task))).toBe(true);
  });

  it('stays within two seconds for an hour of meeting (three AMI meetings joined)', () => {
    const parts = ['IS1001b', 'IS1003c', 'TS3005b'].map((name) => loadAmiMeeting(name).input);
    let offset = 0;
    const segments = parts.flatMap((part) => {
      const shifted = part.segments.map((s) => ({ ...s, startMs: s.startMs + offset, endMs: s.endMs + offset }));
      offset = shifted.at(-1)!.endMs;
      return shifted;
    });
    expect(offset).toBeGreaterThan(60 * 60_000);
    const input = { ...parts[0]!, segments };
    const started = performance.now();
    buildSummary(input, extractActionItems(input));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('builtin action items: assignees, people and due dates', () => {
  const input: NotesInput = {
    title: 'Launch sync',
    meetingDate: new Date('2026-03-04T09:00:00Z'), // a Wednesday
    language: 'English',
    people: [
      { id: 'p-anna', name: 'Anna Berg' },
      { id: 'p-marco', name: 'Marco Rossi' },
    ],
    segments: [
      {
        speaker: 'Speaker 1',
        personId: 'p-anna',
        personName: 'Anna Berg',
        text: 'Okay, so the launch moved to April. I will send the revised budget to the finance team by Friday.',
        startMs: 60_000,
        endMs: 66_000,
      },
      { speaker: 'Speaker 2', personId: null, personName: null, text: 'Yeah.', startMs: 66_500, endMs: 67_000 },
      {
        speaker: 'Speaker 1',
        personId: 'p-anna',
        personName: 'Anna Berg',
        text: 'Marco, can you book the venue for the launch party before next Tuesday?',
        startMs: 70_000,
        endMs: 75_000,
      },
      {
        speaker: 'Speaker 2',
        personId: null,
        personName: null,
        text: 'Sure, I can do that.',
        startMs: 75_500,
        endMs: 77_000,
      },
      {
        speaker: 'Speaker 1',
        personId: 'p-anna',
        personName: 'Anna Berg',
        text: 'I think the weather was nice yesterday.',
        startMs: 80_000,
        endMs: 83_000,
      },
    ],
  };

  it('links the speaker’s commitment to her, a named request to the contact, and resolves dates from the meeting day', () => {
    const items = extractActionItems(input);
    expect(items).toHaveLength(2);
    const [budget, venue] = items;
    expect(budget).toMatchObject({
      task: 'Send the revised budget to the finance team by Friday',
      assignee: 'Anna Berg',
      personId: 'p-anna',
      contextStartMs: expect.any(Number),
    });
    expect(new Date(budget!.dueDate!).toISOString().slice(0, 10)).toBe('2026-03-06');
    expect(budget!.contextStartMs).toBeGreaterThanOrEqual(60_000);
    expect(venue).toMatchObject({ assignee: 'Marco Rossi', personId: 'p-marco' });
    expect(venue!.task).toMatch(/^Book the venue for the launch party/);
    expect(new Date(venue!.dueDate!).toISOString().slice(0, 10)).toBe('2026-03-10');
  });
});
