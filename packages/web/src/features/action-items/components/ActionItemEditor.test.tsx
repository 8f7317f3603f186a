import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, setupFakeApi } from '@/test/fake-api';
import { makeActionItem, makePerson } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import type { ActionItemFields } from '../lib/action-item-form';
import { ActionItemEditor } from './ActionItemEditor';

const server = setupFakeApi();
const priya = makePerson({ _id: 'pers00000009', name: 'Priya Shah', company: 'Acme' });
const marco = makePerson({ _id: 'pers00000010', name: 'Marco Rossi', company: 'Studio Nord' });

const own = (person: typeof priya, mine = true) => ({
  _id: person._id,
  name: person.name,
  company: person.company ?? undefined,
  own: mine,
});

function renderEditor(editing = makeActionItem(), people = [own(priya), own(marco)]) {
  server.on('GET /api/projects/:id/people', () => ok({ people }));
  const onSave = vi.fn<(fields: ActionItemFields) => void>();
  const app = renderWithProviders(
    <ActionItemEditor projectId="proj00000001" item={editing} pending={false} onSave={onSave} onCancel={() => {}} />,
  );
  const field = screen.getByRole('combobox', { name: 'Assignee' });
  return { ...app, onSave, field };
}

describe('the action item editor’s assignee', { timeout: 20_000 }, () => {
  it('is one field, for a person from People or a name', async () => {
    const { field } = renderEditor();
    expect(field).toHaveValue('Project Manager');
    expect(screen.queryByLabelText('Person')).not.toBeInTheDocument();
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
    expect(field).toHaveAccessibleDescription('Pick someone from People, or type any name');
  });

  it('filters People by what is typed and picks one with the keyboard', async () => {
    const { user, field, onSave } = renderEditor();
    await user.clear(field);
    await user.type(field, 'acm');
    const list = await screen.findByRole('listbox', { name: 'People' });
    expect(field).toHaveAttribute('aria-expanded', 'true');
    // Company matches too; the typed text is offered as a name.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Priya Shah - Acme',
      'Use “acm” as a name',
    ]);
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Priya Shah - Acme' }).id,
    );
    expect(screen.getByRole('option', { name: 'Priya Shah - Acme' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(list).not.toBeInTheDocument();
    expect(field).toHaveValue('Priya Shah');
    expect(field).toHaveAccessibleDescription('Linked to Priya Shah - Acme in People');
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ assignee: 'Priya Shah', assigneePersonId: priya._id });
  });

  it('keeps a typed name as a name: typing after a pick unlinks the person', async () => {
    const { user, field, onSave } = renderEditor(
      makeActionItem({ assignee: 'Priya', personId: { _id: priya._id, name: priya.name, company: 'Acme' } }),
    );
    expect(field).toHaveValue('Priya Shah');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Linked to Priya Shah - Acme in People'));
    await user.type(field, ' and the design team');
    expect(field).toHaveAccessibleDescription('Pick someone from People, or type any name');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      assignee: 'Priya Shah and the design team',
      assigneePersonId: null,
    });
  });

  it('picks with the mouse, closes the list on Escape and clears with one button', async () => {
    const { user, field, onSave } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Show people' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Priya Shah - Acme',
      'Marco Rossi - Studio Nord',
    ]);
    await user.click(screen.getByRole('option', { name: 'Marco Rossi - Studio Nord' }));
    expect(field).toHaveValue('Marco Rossi');
    expect(field).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox', { name: 'People' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveValue('Marco Rossi');

    await user.click(screen.getByRole('button', { name: 'Clear assignee' }));
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ assignee: null, assigneePersonId: null });
  });

  it('lists your own people first and, under their heading, those other members the project names', async () => {
    const { user } = renderEditor(makeActionItem(), [own(marco, false), own(priya)]);
    await user.click(screen.getByRole('button', { name: 'Show people' }));
    const list = await screen.findByRole('listbox', { name: 'People' });
    expect(list.textContent).toBe('Your peoplePriya Shah - AcmeNamed in this projectMarco Rossi - Studio Nord');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Priya Shah - Acme',
      'Marco Rossi - Studio Nord',
    ]);
    // The headings are not options: the arrows go from one person to the next.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Marco Rossi - Studio Nord' })).toHaveAttribute('aria-selected', 'true');
  });
});
