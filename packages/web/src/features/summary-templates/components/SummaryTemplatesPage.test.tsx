import { type SummaryTemplate, SummaryTemplateRequest } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { BUILT_IN_TEMPLATE, makeSummaryTemplate } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();
beforeAll(() => import('@/app/AuthenticatedApp').then(() => import('./SummaryTemplatesPage')), 30_000);

/** A user's templates as the server keeps them: the list follows what was created, changed and deleted. */
function serveTemplates(initial: SummaryTemplate[] = []) {
  signIn(server);
  let own = [...initial];
  server.on('GET /api/summary-templates', () => ok({ templates: [BUILT_IN_TEMPLATE, ...own] }));
  server.on('POST /api/summary-templates', (req) => {
    const created = makeSummaryTemplate({ _id: 't-new', ...SummaryTemplateRequest.parse(req.body) });
    own = [...own, created];
    return ok(created, 201);
  });
  server.on('PUT /api/summary-templates/:id', (req) => {
    const changed = makeSummaryTemplate({ _id: req.params.id, ...SummaryTemplateRequest.parse(req.body) });
    own = own.map((t) => (t._id === changed._id ? changed : t));
    return ok(changed);
  });
  server.on('DELETE /api/summary-templates/:id', (req) => {
    own = own.filter((t) => t._id !== req.params.id);
    return { status: 204 };
  });
}

const card = (name: string) => screen.findByRole('article', { name });
const section = (n: number) => within(screen.getByRole('dialog')).getByRole('group', { name: `Section ${n}` });
const lastBody = (method: string) => server.requests.filter((r) => r.method === method).at(-1)!.body;

describe('Summary templates page', { timeout: 30_000 }, () => {
  it('lists the built-in template first, which can be duplicated but not edited or deleted', async () => {
    serveTemplates([makeSummaryTemplate({ _id: 't1', name: 'Customer call' })]);
    renderApp('/summary-templates');
    const builtIn = await card('Standard notes');
    expect(within(builtIn).getByText('Built-in')).toBeInTheDocument();
    expect(
      within(within(builtIn).getByRole('list', { name: 'Sections of Standard notes' }))
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Overview', 'Key points', 'Decisions', 'Next steps']);
    expect(within(builtIn).queryByRole('button', { name: 'Edit Standard notes' })).toBeNull();
    expect(within(builtIn).queryByRole('button', { name: 'Delete Standard notes' })).toBeNull();
    const own = await card('Customer call');
    expect(within(own).getByText('Every question the customer asked.')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Edit Customer call' })).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'template-default-name',
      'template-t1-name',
    ]);
  });

  it("creates a template with the schema's messages, suggested sections, reordering and removal", async () => {
    serveTemplates();
    const { user } = renderApp('/summary-templates');
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = screen.getByRole('dialog', { name: 'New template' });

    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await within(dialog).findByText('Name cannot be empty')).toBeInTheDocument();
    expect(within(section(1)).getByText('Heading cannot be empty')).toBeInTheDocument();
    expect(within(section(1)).getByLabelText('Heading')).toHaveAttribute('aria-invalid', 'true');
    expect(within(section(1)).getByRole('button', { name: 'Remove section 1' })).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Name'), 'Weekly sync');
    await user.type(within(section(1)).getByLabelText('Heading'), 'Per person');
    await user.type(within(section(1)).getByLabelText('Instruction (optional)'), 'What each person did.');
    // "Per person" is in the form already, so it is no longer suggested.
    expect(within(dialog).queryByRole('button', { name: 'Add section Per person' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add section Risks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));
    expect(within(section(3)).getByLabelText('Heading')).toHaveFocus();
    await user.keyboard('Scratch');
    await user.click(within(dialog).getByRole('button', { name: 'Add section Decisions' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove section 3 (Scratch)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move section 3 (Decisions) up' }));
    expect(within(section(1)).getByRole('button', { name: 'Move section 1 (Per person) up' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody('POST')).toEqual({
      name: 'Weekly sync',
      sections: [
        { heading: 'Per person', instruction: 'What each person did.' },
        { heading: 'Decisions', instruction: 'Bullets: what was decided, and by whom.' },
        { heading: 'Risks', instruction: 'Bullets: risks, blockers and concerns raised.' },
      ],
    });
    const created = await card('Weekly sync');
    expect(
      within(created)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Per person', 'Decisions', 'Risks']);
  });

  it('edits a template and shows the server’s field errors on their fields', async () => {
    serveTemplates([makeSummaryTemplate({ _id: 't1', name: 'Customer call' })]);
    const { user } = renderApp('/summary-templates');
    await user.click(within(await card('Customer call')).getByRole('button', { name: 'Edit Customer call' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit template' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Customer call');
    expect(within(section(2)).getByLabelText('Heading')).toHaveValue('Risks');

    server.on('PUT /api/summary-templates/:id', () => ({
      status: 400,
      body: {
        success: false,
        message: 'Validation failed',
        errors: [{ path: 'sections.1.heading', message: 'Heading must be one line' }],
      },
    }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(section(2)).findByText('Heading must be one line')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Validation failed');

    serveTemplates([makeSummaryTemplate({ _id: 't1', name: 'Customer call' })]);
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Sales call');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.filter((r) => r.method === 'PUT').at(-1)!.path).toBe('/api/summary-templates/t1');
    expect(lastBody('PUT')).toMatchObject({ name: 'Sales call' });
    expect(await card('Sales call')).toBeInTheDocument();
  });

  it('duplicates the built-in template into a new one', async () => {
    serveTemplates();
    const { user } = renderApp('/summary-templates');
    await user.click(within(await card('Standard notes')).getByRole('button', { name: 'Duplicate Standard notes' }));
    const dialog = screen.getByRole('dialog', { name: 'New template' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Copy of Standard notes');
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await card('Copy of Standard notes')).toBeInTheDocument();
    expect((lastBody('POST') as { sections: unknown[] }).sections).toHaveLength(4);
  });

  it('deletes a template after confirming, and shows a failure in the dialog', async () => {
    serveTemplates([makeSummaryTemplate({ _id: 't1', name: 'Customer call' })]);
    const { user } = renderApp('/summary-templates');
    const own = await card('Customer call');
    server.on('DELETE /api/summary-templates/:id', () => fail(500));
    await user.click(within(own).getByRole('button', { name: 'Delete Customer call' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete template' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText('Failed to delete the template')).toBeInTheDocument();

    serveTemplates([makeSummaryTemplate({ _id: 't1', name: 'Customer call' })]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    // While the dialog is open the page behind it is hidden from queries: wait for it to close first.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByText(/You have no templates of your own yet/)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Customer call' })).toBeNull();
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/summary-templates/t1',
      '/api/summary-templates/t1',
    ]);
  });

  it('asks before closing the editor on unsaved edits', async () => {
    serveTemplates();
    const { user } = renderApp('/summary-templates');
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'New template' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Name'), 'Half done');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(screen.getByRole('dialog')).getByLabelText('Name')).toHaveValue('Half done');

    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('is reached from the user menu', async () => {
    serveTemplates();
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Summary templates' }));
    expect(await screen.findByRole('heading', { name: 'Summary templates', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/summary-templates');
  });
});
