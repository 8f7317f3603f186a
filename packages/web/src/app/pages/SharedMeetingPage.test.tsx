import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { speakerColor } from '@/features/transcript';
import { ok, setupFakeApi } from '@/test/fake-api';
import { renderApp } from '@/test/render';

const server = setupFakeApi();
beforeAll(() => import('@/app/pages/SharedMeetingPage'), 30_000);

const SUMMARY = '## Decisions\n\n- Ship on **Friday** ([00:42](?t=42))\n\n_Nothing else was decided._';

function serveShared(audioUrl: string | null) {
  server.on('GET /api/shared/:token', () =>
    ok({
      meeting: { title: 'Client review', summary: SUMMARY, duration: 90, createdAt: '2026-11-22T10:00:00.000Z' },
      transcript: [
        { speaker: 'Speaker 1', text: 'Shall we ship on Friday?', startTime: 0, endTime: 3000 },
        { speaker: 'Ana Lima', text: 'Friday works.', startTime: 4000, endTime: 6000 },
      ],
      actionItems: [],
      audioUrl,
      expiresAt: null,
    }),
  );
}

describe('a shared meeting, signed out', () => {
  it('renders the summary as the meeting page does, with the player and speaker colours', async () => {
    serveShared('/api/shared/tok/audio');
    renderApp('/s/tok');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('heading', { level: 2, name: 'Decisions' })).toBeInTheDocument();
    expect(within(summary).getByText('Friday', { selector: 'strong' })).toBeInTheDocument();
    expect(within(summary).getByText('Nothing else was decided.', { selector: 'em' })).toBeInTheDocument();
    expect(summary.textContent).not.toContain('##');
    expect(summary.textContent).not.toContain('_Nothing');
    // The app's player, not the browser's bare one; a time in the summary plays from there.
    expect(screen.getByRole('button', { name: /play/i })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: '00:42' })).toHaveAttribute('title', 'Play from here');
    const transcript = screen.getByRole('list', { name: 'Transcript' });
    const dots = within(transcript).getAllByTestId('speaker-colour');
    expect(dots[0]).toHaveClass(speakerColor('Speaker 1'));
    expect(dots[1]).toHaveClass(speakerColor('Ana Lima'));
  });

  it('without shared audio shows no player and no play links', async () => {
    serveShared(null);
    renderApp('/s/tok');
    expect(await screen.findByRole('heading', { level: 2, name: 'Decisions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /play/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '00:04' })).not.toBeInTheDocument();
  });
});
