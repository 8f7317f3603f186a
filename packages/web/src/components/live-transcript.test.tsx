import type { LiveTranscript as LiveTranscriptData } from '@parley/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveTranscript } from './live-transcript';

const at = '2026-12-07T12:00:00.000Z';
const transcript = (data: Partial<LiveTranscriptData>): LiveTranscriptData => ({
  meetingId: 'm1',
  recordingState: 'recording',
  receivedSeconds: 12,
  segments: [],
  updatedAt: at,
  ...data,
});

/** The log's phrases, each as its text content. */
const phrases = () =>
  within(screen.getByRole('log', { name: 'Live transcript' }))
    .getAllByRole('paragraph')
    .map((p) => p.textContent);

describe('LiveTranscript', () => {
  it("puts a call's live words under their side: the person recording by name, the tab as 'Other party'", () => {
    render(
      <LiveTranscript
        transcript={transcript({
          recorder: 'Grace Hopper',
          segments: [
            { side: 1, startTime: 0.08, endTime: 6.5, text: 'My name is Bruce.', final: true },
            { side: 0, startTime: 0.1, endTime: 2.4, text: 'And so my fellow Americans.', final: true },
            // both sides may start a phrase at the same moment
            { side: 1, startTime: 3.1, endTime: 6, text: 'Located in New Brunswick', final: false },
            { side: 0, startTime: 3.1, endTime: 7.8, text: 'Ask not', final: false },
          ],
        })}
      />,
    );
    expect(phrases()).toEqual([
      '00:00Other partyMy name is Bruce.',
      '00:00Grace HopperAnd so my fellow Americans.',
      '00:03Other partyLocated in New Brunswick',
      '00:03Grace HopperAsk not',
    ]);
  });

  it('names no side in a recording heard as one mix', () => {
    render(
      <LiveTranscript
        transcript={transcript({ segments: [{ startTime: 1, endTime: 2, text: 'Hello there', final: true }] })}
      />,
    );
    expect(phrases()).toEqual(['00:01Hello there']);
    expect(screen.queryByText('Other party')).toBeNull();
  });
});
