import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dropped, fail, ok, setupFakeApi } from '@/test/fake-api';
import { makePerson } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();

const grace = makePerson({
  _id: 'g1',
  name: 'Grace Hopper',
  email: 'grace@navy.mil',
  phone: '555-0100',
  company: 'US Navy',
  socialMedia: { github: 'github.com/grace' },
});

async function openPeople(people = [grace]) {
  signIn(server);
  server.on('GET /api/people', () =>
    ok({ people, pagination: { page: 1, pages: 1, total: people.length, limit: 100 } }),
  );
  const utils = renderApp('/people');
  await screen.findByRole('heading', { level: 1, name: 'People' });
  return utils;
}

describe('people list', () => {
  it('shows the title, subtitle and asks for 100 people', async () => {
    await openPeople();
    expect(screen.getByText('Manage your contacts, clients, and team members')).toBeInTheDocument();
    await screen.findAllByText('Grace Hopper');
    expect(server.requests.find((r) => r.path === '/api/people')?.query.get('limit')).toBe('100');
  });

  it('shows the empty state with a button that opens the Add dialog', async () => {
    const { user } = await openPeople([]);
    expect(await screen.findByText('No people yet')).toBeInTheDocument();
    expect(screen.getByText('Get started by adding your first contact')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Your First Person' }));
    expect(await screen.findByRole('dialog', { name: 'Add Person' })).toBeInTheDocument();
  });

  it("shows 'Error loading people' with the server message or 'Failed to fetch people'", async () => {
    signIn(server);
    server.on('GET /api/people', () => fail(500));
    renderApp('/people');
    expect(await screen.findByText('Error loading people')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch people')).toBeInTheDocument();
  });

  it("shows 'Unable to connect to the server' when no reply arrives", async () => {
    signIn(server);
    server.on('GET /api/people', () => dropped());
    renderApp('/people');
    expect(await screen.findByText('Error loading people')).toBeInTheDocument();
    expect(screen.getByText('Unable to connect to the server')).toBeInTheDocument();
  });

  it('shows a table whose columns appear at md, lg and xl widths', async () => {
    await openPeople();
    const table = within(await screen.findByTestId('people-table')).getByRole('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Company',
      'Social',
      'Created',
      'Actions',
    ]);
    expect(headers[1]).toHaveClass('hidden', 'md:table-cell');
    expect(headers[2]).toHaveClass('hidden', 'lg:table-cell');
    expect(headers[3]).toHaveClass('hidden', 'lg:table-cell');
    expect(headers[4]).toHaveClass('hidden', 'xl:table-cell');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('grace@navy.mil');
    expect(row).toHaveTextContent('555-0100');
    expect(row).toHaveTextContent('US Navy');
    expect(row).toHaveTextContent('Nov 22, 2026');
    expect(within(row).getByRole('link', { name: 'Grace Hopper on GitHub' })).toHaveAttribute(
      'href',
      'https://github.com/grace',
    );
    expect(screen.getByTestId('people-table')).toHaveClass('hidden', 'sm:block');
  });

  it('shows cards for small screens', async () => {
    await openPeople();
    const cards = await screen.findByTestId('people-cards');
    expect(cards).toHaveClass('sm:hidden');
    expect(within(cards).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/people/g1');
    expect(cards).toHaveTextContent('US Navy');
  });

  it('opens the person when a row is clicked', async () => {
    const { user } = await openPeople();
    server.on('GET /api/people/:id', () => ok(grace));
    server.on('GET /api/people/:id/transcriptions', () =>
      ok({ transcriptions: [], pagination: { page: 1, pages: 0, total: 0 } }),
    );
    const table = await screen.findByTestId('people-table');
    await user.click(within(table).getByText('555-0100'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/people/g1'));
  });

  it('adds a person with only the non-blank trimmed fields', async () => {
    const { user } = await openPeople([]);
    server.on('POST /api/people', (req) => ok(makePerson(req.body as object), 201));
    await user.click(screen.getByRole('button', { name: 'Add Person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Person' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('minlength', '2');
    expect(name).toHaveAttribute('maxlength', '100');
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Phone')).toHaveAttribute('maxlength', '20');
    expect(within(dialog).getByLabelText('Company')).toHaveAttribute('maxlength', '100');
    expect(within(dialog).getByLabelText('Notes')).toHaveAttribute('rows', '4');
    expect(within(dialog).getByLabelText('Notes')).toHaveAttribute('maxlength', '1000');
    expect(within(dialog).getByLabelText('LinkedIn')).not.toHaveAttribute('type', 'url');

    const submit = within(dialog).getByRole('button', { name: 'Add Person' });
    await user.type(name, '   ');
    expect(submit).toBeDisabled();
    await user.type(name, 'Ada  ');
    await user.type(within(dialog).getByLabelText('Company'), ' Analytical ');
    await user.type(within(dialog).getByLabelText('GitHub'), ' ada ');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Ada',
      company: 'Analytical',
      socialMedia: { github: 'ada' },
    });
  });

  it('shows inline messages, not the browser pop-up, for an invalid Add form, keeping the native rules', async () => {
    const { user } = await openPeople([]);
    await user.click(screen.getByRole('button', { name: 'Add Person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Person' });
    expect(within(dialog).getByRole('form', { name: 'Add Person' })).toHaveAttribute('novalidate');
    const name = within(dialog).getByLabelText('Name');
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('minlength', '2');
    expect(name).toHaveAttribute('maxlength', '100');
    await user.type(name, 'A');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@');
    await user.click(within(dialog).getByRole('button', { name: 'Add Person' }));
    expect(await within(dialog).findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the field message for an invalid email on Edit and sends nothing', async () => {
    const { user } = await openPeople();
    const table = await screen.findByTestId('people-table');
    await user.click(within(table).getByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person' });
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'grace@');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it.each([
    [fail(500), 'Failed to create person'],
    [fail(400, 'Name is too common'), 'Name is too common'],
  ])('shows the create error %#', async (reply, message) => {
    const { user } = await openPeople([]);
    server.on('POST /api/people', () => reply);
    await user.click(screen.getByRole('button', { name: 'Add Person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Person' });
    await user.type(within(dialog).getByLabelText('Name'), 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Add Person' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it("edits from the action menu: 'Edit Person', 'Saving...', cleared fields sent as ''", async () => {
    const { user } = await openPeople();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.on('PUT /api/people/:id', (req) => ({ ...ok({ ...grace, ...(req.body as object) }), delay: held }));
    const table = await screen.findByTestId('people-table');
    await user.click(within(table).getByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person' });
    expect(within(dialog).getByText('Update person information')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).not.toBeRequired();
    expect(within(dialog).getByLabelText('Company')).toHaveValue('US Navy');
    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.clear(within(dialog).getByLabelText('Name'));
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), 'Grace B. Hopper');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/people/g1');
    expect(put?.body).toEqual({
      name: 'Grace B. Hopper',
      email: 'grace@navy.mil',
      phone: '',
      company: 'US Navy',
      socialMedia: { github: 'github.com/grace' },
    });
  });

  it("shows 'Failed to update person' when saving fails", async () => {
    const { user } = await openPeople();
    server.on('PUT /api/people/:id', () => fail(500));
    const table = await screen.findByTestId('people-table');
    await user.click(within(table).getByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Failed to update person')).toBeInTheDocument();
  });

  it('confirms deletion with the name and shows a failure inline', async () => {
    const { user } = await openPeople();
    server.on('DELETE /api/people/:id', () => fail(500));
    const table = await screen.findByTestId('people-table');
    await user.click(within(table).getByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Person' });
    expect(dialog).toHaveTextContent('Grace Hopper');
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Failed to delete person')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/people');
  });

  it('deletes a person and reloads the list', async () => {
    const { user } = await openPeople();
    let deleted = false;
    server.on('DELETE /api/people/:id', () => {
      deleted = true;
      return { status: 204 };
    });
    server.on('GET /api/people', () =>
      ok({ people: deleted ? [] : [grace], pagination: { page: 1, pages: 1, total: 1, limit: 100 } }),
    );
    const table = await screen.findByTestId('people-table');
    await user.click(within(table).getByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No people yet')).toBeInTheDocument();
  });
});
