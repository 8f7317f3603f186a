import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, setupFakeApi } from '@/test/fake-api';
import { makeMeeting } from '@/test/fixtures';
import { renderWithProviders, signIn } from '@/test/render';
import { fileNameFromDisposition } from '../lib/content-disposition';
import { ExportMenu } from './ExportMenu';

const server = setupFakeApi();

describe('Export menu', () => {
  it('offers the six formats once the transcript is ready, and the audio in its own format', async () => {
    const { user } = renderWithProviders(<ExportMenu meeting={makeMeeting({ _id: 'm1' })} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Plain text (.txt)',
      'Markdown (.md)',
      'SubRip subtitles (.srt)',
      'WebVTT subtitles (.vtt)',
      'Word document (.docx)',
      'Parley JSON (.json)',
      'Download audio (WEBM)',
    ]);
    expect(items.every((item) => item.getAttribute('aria-disabled') !== 'true')).toBe(true);
  });

  it('waits for the transcript, but the recording can be downloaded at once', async () => {
    const meeting = makeMeeting({ _id: 'm1', transcriptionStatus: 'processing', transcriptionProgress: 40 });
    const { user } = renderWithProviders(<ExportMenu meeting={meeting} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Export when the transcript is ready')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Markdown (.md)' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'Download audio (WEBM)' })).not.toHaveAttribute('aria-disabled');
  });

  it('has no audio item for a meeting imported without a recording', async () => {
    const { user } = renderWithProviders(<ExportMenu meeting={makeMeeting({ _id: 'm1', metadata: {} })} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findAllByRole('menuitem');
    expect(screen.queryByRole('menuitem', { name: /Download audio/ })).not.toBeInTheDocument();
  });

  it("shows the server's message when an export fails", async () => {
    signIn(server);
    server.on('GET /api/meetings/:meetingId/export', () => fail(404, 'Meeting not found'));
    const { user } = renderWithProviders(<ExportMenu meeting={makeMeeting({ _id: 'm1' })} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Word document (.docx)' }));
    expect(await screen.findByText('Meeting not found')).toBeInTheDocument();
    const request = server.requests.find((r) => r.path === '/api/meetings/m1/export');
    expect(request?.query.get('format')).toBe('docx');
    expect(request?.query.get('tz')).toBeTruthy();
    expect(request?.headers.authorization).toBe('Bearer test-token');
  });
});

describe('download file names', () => {
  it('prefer the UTF-8 name, then the ASCII one, then the fallback', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Reunion d_equipe.md"; filename*=UTF-8''R%C3%A9union%20d%E2%80%99%C3%A9quipe.md`,
        'x',
      ),
    ).toBe('Réunion d’équipe.md');
    expect(fileNameFromDisposition('attachment; filename="Plain.txt"', 'x')).toBe('Plain.txt');
    expect(fileNameFromDisposition('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="Safe.txt"', 'x')).toBe(
      'Safe.txt',
    );
    expect(fileNameFromDisposition(null, 'meeting.json')).toBe('meeting.json');
  });
});
