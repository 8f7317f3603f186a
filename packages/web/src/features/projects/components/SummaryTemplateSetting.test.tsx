import { type Project, UpdateProjectRequest } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { BUILT_IN_TEMPLATE, makeProject, makeSummaryTemplate } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();
const customer = makeSummaryTemplate({ _id: 't1', name: 'Customer call' });

function serveProject(initial: Project) {
  signIn(server);
  let project = initial;
  server.on('GET /api/projects/:id', () => ok(project));
  server.on('GET /api/projects/:id/meetings', () => ok({ meetings: [] }));
  server.on('GET /api/summary-templates', () => ok({ templates: [BUILT_IN_TEMPLATE, customer] }));
  server.on('PUT /api/projects/:id', (req) => {
    const { summaryTemplateId } = UpdateProjectRequest.parse(req.body);
    project = { ...project, summaryTemplateId };
    return ok(project);
  });
}

const puts = () => server.requests.filter((r) => r.method === 'PUT').map((r) => r.body);

describe("project's default summary template", { timeout: 30_000 }, () => {
  it('is set and unset from the project page', async () => {
    serveProject(makeProject({ _id: 'p1', name: 'Alpha' }));
    const { user } = renderApp('/projects/p1');
    const settings = await screen.findByRole('region', { name: 'Project settings' });
    const select = await within(settings).findByRole('combobox', { name: 'Summary template' });
    expect(select).toHaveValue('default');
    expect(within(settings).getByRole('link', { name: 'Manage templates' })).toHaveAttribute(
      'href',
      '/summary-templates',
    );

    await user.selectOptions(select, 'Customer call');
    expect(await screen.findByText('New summaries in this project follow "Customer call"')).toBeInTheDocument();
    expect(select).toHaveValue('t1');
    await user.selectOptions(select, 'Standard notes (built-in)');
    await waitFor(() => expect(puts()).toEqual([{ summaryTemplateId: 't1' }, { summaryTemplateId: null }]));
    await waitFor(() => expect(select).toHaveValue('default'));
  });

  it('sits below the meetings: the project page puts its meetings first', async () => {
    serveProject(makeProject({ _id: 'p1', name: 'Alpha' }));
    renderApp('/projects/p1');
    const meetings = await screen.findByRole('heading', { name: 'Meetings' });
    const settings = await screen.findByRole('region', { name: 'Project settings' });
    expect(meetings.compareDocumentPosition(settings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows why a change was refused and keeps the saved value', async () => {
    serveProject(makeProject({ _id: 'p1', name: 'Alpha', summaryTemplateId: 't1' }));
    server.on('PUT /api/projects/:id', () => fail(404, 'Summary template not found'));
    const { user } = renderApp('/projects/p1');
    const select = await screen.findByRole('combobox', { name: 'Summary template' });
    expect(select).toHaveValue('t1');
    await user.selectOptions(select, 'Standard notes (built-in)');
    expect(await screen.findByText('Summary template not found')).toBeInTheDocument();
    expect(select).toHaveValue('t1');
  });
});
