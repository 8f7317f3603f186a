import { type Meeting, type Project, SummaryStreamRequest } from '@parley/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { BUILT_IN_TEMPLATE, makeMeeting, makeProject, makeSummaryTemplate, peoplePage } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();
beforeAll(() => import('@/app/AuthenticatedApp').then(() => import('@/app/pages/MeetingDetailPage')), 30_000);
const project = makeProject({ _id: 'p1', name: 'Standups' });

function serve(meeting: Meeting, served: Project = project) {
  signIn(server, undefined, { projects: [served] });
  server.on('GET /api/projects/:id', () => ok(served));
  server.on('GET /api/projects/:id/meetings/:meetingId', () => ok(meeting));
  server.on('GET /api/projects/:id/meetings/:meetingId/audio-url', () =>
    ok({ url: '/a.wav', expiresAt: '2026-11-22T18:00:00.000Z' }),
  );
  server.on('GET /api/meetings/:meetingId/transcriptions', () =>
    ok({ transcriptions: [], pagination: { page: 1, pages: 0, total: 0, limit: 50 } }),
  );
  server.on('GET /api/people', () => ok(peoplePage()));
}

const sse = (...events: unknown[]) => ({
  headers: { 'Content-Type': 'text/event-stream' },
  raw: `: stream open\n\n${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}`,
});

/** Regenerate, confirmed in its dialog: a summary already there is replaced only when the user says so. */
async function regenerate(user: Awaited<ReturnType<typeof openSummaryTab>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Regenerate' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Regenerate Summary' });
  await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
}

async function openSummaryTab() {
  const app = renderApp('/projects/p1/meetings/m1');
  await app.user.click(await app.findByRole('tab', { name: 'Summary' }));
  return app;
}

// Whole-app renders: on a loaded 2-core machine one can take longer than the default 5 s.
describe('Summary tab', { timeout: 20_000 }, () => {
  it('generates a summary from the stream and renders it as safe markdown with seek links', async () => {
    const meeting = makeMeeting({ _id: 'm1', projectId: 'p1' });
    serve(meeting);
    const summary =
      '## Key points\n\n- Ship on **Friday** [1:05](?t=65)\n- <img src=x onerror="alert(1)"> [click](javascript:alert(1))';
    server.on('POST /api/projects/:id/meetings/:meetingId/summary/stream', () =>
      sse(
        { type: 'chunk', content: '## Key points\n\n- Ship on **Friday** [1:05](?t=65)\n' },
        { type: 'chunk', content: '- <img src=x onerror="alert(1)"> [click](javascript:alert(1))' },
        { type: 'complete', meeting: { ...meeting, summary } },
      ),
    );
    const { user, container } = await openSummaryTab();
    expect(screen.getByText('No Summary Available')).toBeInTheDocument();
    expect(screen.getByText("Generate an AI summary of this meeting's transcription.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate Summary' }));

    expect(await screen.findByRole('heading', { name: 'Key points' })).toBeInTheDocument();
    expect(screen.getByText('Friday').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '1:05' })).toHaveAttribute('href', '?t=65');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link', { name: 'click' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeEnabled();
    const request = server.requests.find((r) => r.path.endsWith('/summary/stream'))!;
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toMatch(/^Bearer /);
  });

  it("shows 'HTTP {status}: {text}' for a refused stream, and Try Again succeeds", async () => {
    const meeting = makeMeeting({ _id: 'm1', projectId: 'p1' });
    serve(meeting);
    server.on('POST /api/projects/:id/meetings/:meetingId/summary/stream', () =>
      fail(409, 'A summary is already being generated for this meeting'),
    );
    const { user } = await openSummaryTab();
    await user.click(screen.getByRole('button', { name: 'Generate Summary' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to Generate Summary')).toBeInTheDocument();
    expect(
      within(alert).getByText('HTTP 409: A summary is already being generated for this meeting'),
    ).toBeInTheDocument();

    server.on('POST /api/projects/:id/meetings/:meetingId/summary/stream', () =>
      sse({ type: 'chunk', content: 'All good' }, { type: 'complete', meeting: { ...meeting, summary: 'All good' } }),
    );
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('All good')).toBeInTheDocument();
  });

  it('shows the message of an error event', async () => {
    serve(makeMeeting({ _id: 'm1', projectId: 'p1', summary: 'Old notes' }));
    server.on('POST /api/projects/:id/meetings/:meetingId/summary/stream', () =>
      sse(
        { type: 'chunk', content: 'Part' },
        { type: 'error', message: 'The AI service did not answer within 120 seconds' },
      ),
    );
    const { user } = await openSummaryTab();
    expect(screen.getByText('Old notes')).toBeInTheDocument();
    await regenerate(user);
    expect(await screen.findByText('The AI service did not answer within 120 seconds')).toBeInTheDocument();
    expect(screen.getByText('Failed to Generate Summary')).toBeInTheDocument();
  });

  it('asks before Regenerate replaces the summary; Cancel keeps it and generates nothing', async () => {
    serve(makeMeeting({ _id: 'm1', projectId: 'p1', summary: 'Corrected notes' }));
    const { user } = await openSummaryTab();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Regenerate Summary' });
    expect(within(dialog).getByText(/is replaced by a new one/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Corrected notes')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path.endsWith('/summary/stream'))).toBe(false);
  });

  it('offers generation only once the meeting is transcribed', async () => {
    serve(makeMeeting({ _id: 'm1', projectId: 'p1', transcriptionStatus: 'processing', transcriptionProgress: 40 }));
    await openSummaryTab();
    expect(screen.getByRole('button', { name: 'Generate Summary' })).toBeDisabled();
    expect(screen.getByText('Available once the transcription is completed.')).toBeInTheDocument();
  });

  describe('template and language', () => {
    const customer = makeSummaryTemplate({ _id: 't-customer', name: 'Customer call' });
    const retro = makeSummaryTemplate({
      _id: 't-retro',
      name: 'Retro',
      sections: [
        { heading: 'Went well', instruction: '' },
        { heading: 'To improve', instruction: '' },
      ],
    });
    const streamBody = () =>
      SummaryStreamRequest.parse(server.requests.find((r) => r.path.endsWith('/summary/stream'))!.body);

    it("preselects the project's default and sends the template and language picked", async () => {
      const meeting = makeMeeting({ _id: 'm1', projectId: 'p1' });
      serve(meeting, makeProject({ _id: 'p1', name: 'Standups', summaryTemplateId: 't-customer' }));
      server.on('GET /api/summary-templates', () => ok({ templates: [BUILT_IN_TEMPLATE, customer, retro] }));
      server.on('POST /api/projects/:id/meetings/:meetingId/summary/stream', () =>
        sse({ type: 'complete', meeting: { ...meeting, summary: '## Went well\n\n- Demo' } }),
      );
      const { user } = await openSummaryTab();

      const picker = await screen.findByRole('combobox', { name: 'Template' });
      expect(picker).toHaveValue('t-customer');
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Standard notes (built-in)', 'Customer call (project default)', 'Retro']);
      expect(picker).toHaveAccessibleDescription(/Sections: Customer questions, Risks\./);
      await user.selectOptions(picker, 'Retro');
      expect(picker).toHaveAccessibleDescription(/Sections: Went well, To improve\./);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'German');
      expect(screen.getByRole('link', { name: 'Manage templates' })).toHaveAttribute('href', '/summary-templates');

      await user.click(screen.getByRole('button', { name: 'Generate Summary' }));
      expect(await screen.findByRole('heading', { name: 'Went well' })).toBeInTheDocument();
      expect(streamBody()).toEqual({ templateId: 't-retro', language: 'German' });
    });

    it('regenerates with the built-in template when the project has no default, keeping the language of the meeting', async () => {
      const meeting = makeMeeting({ _id: 'm1', projectId: 'p1', summary: 'Old notes' });
      serve(meeting);
      server.on('GET /api/summary-templates', () => ok({ templates: [BUILT_IN_TEMPLATE, customer] }));
      server.on('POST /api/projects/:id/meetings/:meetingId/summary/stream', () =>
        sse({ type: 'complete', meeting: { ...meeting, summary: 'New notes' } }),
      );
      const { user } = await openSummaryTab();
      expect(await screen.findByRole('combobox', { name: 'Template' })).toHaveValue('default');
      expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('');
      await regenerate(user);
      expect(await screen.findByText('New notes')).toBeInTheDocument();
      expect(streamBody()).toEqual({ templateId: 'default' });
    });

    it("offers a project default that is not one of the user's as 'Project default', sent as no template (issue 37)", async () => {
      // Another member's template an owner chose for a shared project (or one of the user's deleted
      // meanwhile, which the server has unset): the server follows the project's default itself.
      const meeting = makeMeeting({ _id: 'm1', projectId: 'p1' });
      serve(meeting, makeProject({ _id: 'p1', name: 'Standups', summaryTemplateId: 't-owners', role: 'editor' }));
      server.on('GET /api/summary-templates', () => ok({ templates: [BUILT_IN_TEMPLATE, customer] }));
      server.on('POST /api/projects/:id/meetings/:meetingId/summary/stream', () =>
        sse({ type: 'complete', meeting: { ...meeting, summary: '## Owners notes' } }),
      );
      const { user } = await openSummaryTab();
      const picker = await screen.findByRole('combobox', { name: 'Template' });
      expect(picker).toHaveValue('');
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Project default (chosen by an owner)', 'Standard notes (built-in)', 'Customer call']);
      expect(picker).toHaveAccessibleDescription(/Sections: those of the project's default template\./);
      await user.selectOptions(picker, 'Customer call');
      await user.selectOptions(picker, 'Project default (chosen by an owner)');
      await user.click(screen.getByRole('button', { name: 'Generate Summary' }));
      expect(await screen.findByRole('heading', { name: 'Owners notes' })).toBeInTheDocument();
      expect(streamBody()).toEqual({});
    });

    it('generates without a template choice when the template list cannot be read', async () => {
      const meeting = makeMeeting({ _id: 'm1', projectId: 'p1' });
      serve(meeting);
      server.on('GET /api/summary-templates', () => fail(500, 'Internal error'));
      server.on('POST /api/projects/:id/meetings/:meetingId/summary/stream', () =>
        sse({ type: 'complete', meeting: { ...meeting, summary: 'Notes' } }),
      );
      const { user } = await openSummaryTab();
      await user.click(screen.getByRole('button', { name: 'Generate Summary' }));
      expect(await screen.findByText('Notes')).toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'Template' })).toBeNull();
      expect(streamBody()).toEqual({});
    });
  });

  /** The page knows the role once the project has loaded: its name in the breadcrumb says so. */
  async function openSummaryTabAs() {
    const app = await openSummaryTab();
    await within(screen.getByRole('navigation', { name: 'Breadcrumb' })).findByRole('link', { name: 'Standups' });
    return app;
  }

  it('shows a viewer the stored summary with no template, language or Regenerate', async () => {
    serve(
      makeMeeting({ _id: 'm1', projectId: 'p1', summary: '## Decisions\n\n- Ship on Friday' }),
      makeProject({ _id: 'p1', name: 'Standups', role: 'viewer' }),
    );
    server.on('GET /api/summary-templates', () => ok({ templates: [BUILT_IN_TEMPLATE] }));
    await openSummaryTabAs();
    expect(screen.getByRole('heading', { name: 'Decisions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Summary options' })).toBeNull();
    expect(screen.queryByLabelText('Template')).toBeNull();
  });

  it('tells a viewer there is no summary yet, without a Generate button', async () => {
    serve(makeMeeting({ _id: 'm1', projectId: 'p1' }), makeProject({ _id: 'p1', name: 'Standups', role: 'viewer' }));
    await openSummaryTabAs();
    expect(screen.getByText('No Summary Available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate Summary' })).toBeNull();
  });

  it('offers an editor Regenerate and the summary options', async () => {
    serve(
      makeMeeting({ _id: 'm1', projectId: 'p1', summary: '## Decisions\n\n- Ship on Friday' }),
      makeProject({ _id: 'p1', name: 'Standups', role: 'editor' }),
    );
    server.on('GET /api/summary-templates', () => ok({ templates: [BUILT_IN_TEMPLATE] }));
    await openSummaryTabAs();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeEnabled();
    expect(await screen.findByRole('group', { name: 'Summary options' })).toBeInTheDocument();
  });
});
