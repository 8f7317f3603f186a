import { type Person, type ProjectPerson, type TranscriptionSegment, UNHEARD_SEGMENT_TEXT } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNHEARD_LABEL } from '@/components/segment-text';
import { dropped, type FakeReply, fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeMeeting, makePerson, makeProject, makeSegment, peoplePage } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { speakerColor } from '../lib/speaker-color';

const server = setupFakeApi();
// The route's page is a lazy chunk; transforming it on first use can outlast a findBy timeout.
beforeAll(() => import('@/app/AuthenticatedApp').then(() => import('@/app/pages/MeetingDetailPage')), 30_000);
const grace = makePerson({ _id: 'g1', name: 'Grace Hopper', company: 'Navy' });
const ada = makePerson({ _id: 'a1', name: 'Ada Lovelace', company: undefined });

/** People as the project's picker lists them: the user's own unless said otherwise. */
const linkable = (people: Person[], own = true): ProjectPerson[] =>
  people.map(({ _id, name, company }) => ({ _id, name, ...(company ? { company } : {}), own }));

/**
 * The meeting screen with a transcript served page by page (`pages` segments per page). `people`: the
 * user's own contacts; `named`: other members' contacts the project names (docs/decisions/266).
 */
function serveTranscript(
  pages: TranscriptionSegment[][],
  { people = [grace, ada] as Person[], named = [] as Person[] } = {},
) {
  signIn(server, undefined, { projects: [makeProject({ _id: 'p1' })] });
  server.on('GET /api/projects/:id', () => ok(makeProject({ _id: 'p1' })));
  server.on('GET /api/projects/:id/meetings/:meetingId', () => ok(makeMeeting({ _id: 'm1', projectId: 'p1' })));
  server.on('GET /api/projects/:id/meetings/:meetingId/audio-url', () =>
    ok({ url: '/audio', expiresAt: '2026-11-22T18:00:00.000Z' }),
  );
  const total = pages.reduce((sum, page) => sum + page.length, 0);
  server.on('GET /api/meetings/:meetingId/transcriptions', (req) => {
    const page = Number(req.query.get('page'));
    return ok({
      transcriptions: pages[page - 1] ?? [],
      pagination: { page, pages: pages.length, total, limit: 50 },
    });
  });
  server.on('GET /api/people', () => ok(peoplePage(people)));
  server.on('GET /api/projects/:id/people', () => ok({ people: [...linkable(people), ...linkable(named, false)] }));
  server.on('GET /api/meetings/:meetingId/speaker-suggestions', () => ok({ suggestions: [] }));
  current = renderApp('/projects/p1/meetings/m1');
  return current;
}
let current: ReturnType<typeof renderApp>;
/** The rendered app of this test, once `shown` (an element it waited for) is on screen. */
const renderedUser = (_shown: HTMLElement) => current;

const pageRequests = () => server.requests.filter((r) => r.path === '/api/meetings/m1/transcriptions');
const item = (text: string) => screen.getByText(text).closest('li')!;

describe('transcript list', () => {
  it("counts '{n} segment(s) loaded' and loads further pages until nothing is left", async () => {
    serveTranscript([
      [makeSegment({ text: 'First page' })],
      [makeSegment({ text: 'Second page', startTime: 70_000, endTime: 3_725_000 })],
    ]);
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(screen.getByText('2 segment(s) loaded')).toBeInTheDocument();
    expect(screen.getByText('No more transcriptions to load')).toBeInTheDocument();
    expect(pageRequests().map((r) => r.query.get('page'))).toEqual(['1', '2']);
    expect(within(item('Second page')).getByRole('button', { name: 'Play from 01:10' })).toHaveTextContent(
      '01:10 - 1:02:05',
    );
  });

  it("shows 'No Transcription Available' for an empty completed transcript", async () => {
    serveTranscript([]);
    expect(await screen.findByText('No Transcription Available')).toBeInTheDocument();
    expect(screen.getByText('The transcription is completed but no content was found.')).toBeInTheDocument();
  });

  it("lists people as 'name - company' or 'name', plus '+ Add Person', and a colour dot per speaker", async () => {
    serveTranscript([[makeSegment({ text: 'Hello', speaker: 'Speaker 2' })]]);
    await screen.findByText('Hello');
    const select = within(item('Hello')).getByRole('combobox', { name: 'Speaker for Speaker 2' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Speaker 2', 'Grace Hopper - Navy', 'Ada Lovelace', '+ Add Person', 'Rename Speaker 2...']),
    );
    expect(item('Hello').querySelector('[class*="rounded-full"][class*="bg-"]')).not.toBeNull();
  });

  it('offers, in a shared project, the user’s own people and the ones the project names, in two groups', async () => {
    const priya = makePerson({ _id: 'pr1', name: 'Priya Raman', company: 'Lab' });
    serveTranscript([[makeSegment({ text: 'Hello', speaker: 'Speaker 2' })]], { people: [ada], named: [priya] });
    await screen.findByText('Hello');
    const select = within(item('Hello')).getByRole('combobox', { name: 'Speaker for Speaker 2' });
    await waitFor(() => expect(within(select).getAllByRole('group')).toHaveLength(2));
    const group = (name: string) =>
      within(within(select).getByRole('group', { name }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(group('Your people')).toEqual(['Ada Lovelace']);
    expect(group('Named in this project')).toEqual(['Priya Raman - Lab']);
    // the project's people are asked of the project, not the user's whole contact book
    expect(server.requests.some((r) => r.path === '/api/projects/p1/people')).toBe(true);
    expect(server.requests.some((r) => r.path === '/api/people')).toBe(false);
    // choosing another member's contact asks to confirm, as for one's own, and links that person
    let body: unknown;
    server.on('PUT /api/meetings/:meetingId/transcriptions/speaker/:speaker/assign', (req) => {
      body = req.body;
      return ok({ modifiedCount: 1 });
    });
    const { user } = renderedUser(select);
    await user.selectOptions(select, 'pr1');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(body).toEqual({ personId: 'pr1' }));
    expect(await within(item('Hello')).findByRole('combobox', { name: 'Speaker for Speaker 2' })).toHaveValue('pr1');
  });

  it('shows the linked person of an assigned speaker', async () => {
    serveTranscript([[makeSegment({ text: 'Hello', personId: { _id: 'g1', name: 'Grace Hopper', company: 'Navy' } })]]);
    await screen.findByText('Hello');
    const select = within(item('Hello')).getByRole('combobox');
    await waitFor(() =>
      expect((select as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Grace Hopper - Navy'),
    );
  });

  it("gives a segment moved to a person that person's colour, not its label's", async () => {
    serveTranscript([
      [
        makeSegment({ text: 'Kept', speaker: 'Speaker 1' }),
        makeSegment({ text: 'Moved', speaker: 'Speaker 1', personId: { _id: 'a1', name: 'Ada Lovelace' } }),
      ],
    ]);
    await screen.findByText('Moved');
    const dot = (text: string) => item(text).querySelector('[class*="rounded-full"][class*="bg-"]')!;
    expect(speakerColor('Ada Lovelace')).not.toBe(speakerColor('Speaker 1'));
    expect(dot('Moved')).toHaveClass(speakerColor('Ada Lovelace'));
    expect(dot('Kept')).toHaveClass(speakerColor('Speaker 1'));
  });

  it("shows 'Failed to load people' when the people list fails", async () => {
    serveTranscript([[makeSegment({ text: 'Hello' })]]);
    server.on('GET /api/projects/:id/people', () => fail(500));
    expect(await screen.findByText('Failed to load people', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('editing a segment', () => {
  it('saves trimmed text; Save is disabled while blank and reads Saving... while working', async () => {
    let release!: () => void;
    let body: unknown;
    serveTranscript([[makeSegment({ _id: 's1', text: 'Helo wrld' })]]);
    server.on('PATCH /api/meetings/:meetingId/transcriptions/:transcriptionId', (req) => {
      body = req.body;
      return {
        ...ok(makeSegment({ _id: 's1', text: 'Hello world', isEdited: true })),
        delay: new Promise<void>((resolve) => {
          release = resolve;
        }),
      };
    });
    const { user } = renderedUser(await screen.findByText('Helo wrld'));
    await user.click(within(item('Helo wrld')).getByRole('button', { name: 'Edit segment' }));
    const box = screen.getByPlaceholderText('Edit transcription text...');
    await user.clear(box);
    await user.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(box);
    await user.type(box, '  Hello world ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByText('(edited)')).toBeInTheDocument());
    expect(screen.getByText('(edited)').parentElement).toHaveTextContent(/^Hello world\(edited\)$/);
    expect(body).toEqual({ text: 'Hello world' });
  });

  it('shows a second voice without words as such, and its editor opens empty for the words', async () => {
    let body: unknown;
    serveTranscript([
      [
        makeSegment({ _id: 's1', speaker: 'Speaker 1', text: 'We ship on Friday then', startTime: 0, endTime: 4_000 }),
        makeSegment({ _id: 's2', speaker: 'Speaker 2', text: UNHEARD_SEGMENT_TEXT, startTime: 1_000, endTime: 2_500 }),
      ],
    ]);
    server.on('PATCH /api/meetings/:meetingId/transcriptions/:transcriptionId', (req) => {
      body = req.body;
      return ok(makeSegment({ _id: 's2', speaker: 'Speaker 2', text: 'Not Friday', isEdited: true }));
    });
    const { user } = renderedUser(await screen.findByText(UNHEARD_LABEL));
    expect(screen.queryByText(UNHEARD_SEGMENT_TEXT)).not.toBeInTheDocument();
    await user.click(within(item(UNHEARD_LABEL)).getByRole('button', { name: 'Edit segment' }));
    const box = screen.getByPlaceholderText('Edit transcription text...');
    expect(box).toHaveValue('');
    await user.type(box, 'Not Friday');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('(edited)').parentElement).toHaveTextContent(/^Not Friday\(edited\)$/));
    expect(body).toEqual({ text: 'Not Friday' });
  });

  it('Cancel leaves the text as it was', async () => {
    serveTranscript([[makeSegment({ text: 'Keep me' })]]);
    const { user } = renderedUser(await screen.findByText('Keep me'));
    await user.click(within(item('Keep me')).getByRole('button', { name: 'Edit segment' }));
    await user.type(screen.getByPlaceholderText('Edit transcription text...'), ' changed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Keep me')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('Escape cancels the edit and leaves the text as it was', async () => {
    serveTranscript([[makeSegment({ text: 'Keep me' })]]);
    const { user } = renderedUser(await screen.findByText('Keep me'));
    await user.click(within(item('Keep me')).getByRole('button', { name: 'Edit segment' }));
    await user.type(screen.getByPlaceholderText('Edit transcription text...'), ' changed');
    await user.keyboard('{Escape}');
    expect(screen.queryByPlaceholderText('Edit transcription text...')).not.toBeInTheDocument();
    expect(screen.getByText('Keep me')).toBeInTheDocument();
    expect(within(item('Keep me')).getByRole('button', { name: 'Edit segment' })).toBeEnabled();
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it("shows 'Failed to update transcription' and reloads the list from page 1", async () => {
    serveTranscript([[makeSegment({ text: 'Original' })], [makeSegment({ text: 'Later' })]]);
    server.on('PATCH /api/meetings/:meetingId/transcriptions/:transcriptionId', () => fail(500));
    const { user } = renderedUser(await screen.findByText('Later'));
    const before = pageRequests().length;
    await user.click(within(item('Original')).getByRole('button', { name: 'Edit segment' }));
    await user.type(screen.getByPlaceholderText('Edit transcription text...'), ' edit');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update transcription')).toBeInTheDocument();
    await waitFor(() => expect(pageRequests().length).toBeGreaterThan(before));
    expect(pageRequests()[before]!.query.get('page')).toBe('1');
  });
});

describe('deleting a segment', () => {
  it('asks in a Delete Transcription dialog, then removes it', async () => {
    serveTranscript([[makeSegment({ _id: 's1', text: 'Remove me' }), makeSegment({ _id: 's2', text: 'Stay' })]]);
    server.on('DELETE /api/meetings/:meetingId/transcriptions/:transcriptionId', () => ({ status: 204 }));
    const { user } = renderedUser(await screen.findByText('Remove me'));
    expect(screen.getByText('2 segment(s) loaded')).toBeInTheDocument();
    await user.click(within(item('Remove me')).getByRole('button', { name: 'Delete segment' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Transcription' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Remove me')).not.toBeInTheDocument());
    expect(screen.getByText('1 segment(s) loaded')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/meetings/m1/transcriptions/s1');
  });

  it("shows 'Failed to delete transcription' and reloads from page 1", async () => {
    serveTranscript([[makeSegment({ text: 'Stubborn' })]]);
    server.on('DELETE /api/meetings/:meetingId/transcriptions/:transcriptionId', () => fail(500));
    const { user } = renderedUser(await screen.findByText('Stubborn'));
    const before = pageRequests().length;
    await user.click(within(item('Stubborn')).getByRole('button', { name: 'Delete segment' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Transcription' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Failed to delete transcription')).toBeInTheDocument();
    await waitFor(() => expect(pageRequests().length).toBeGreaterThan(before));
  });
});

describe('renaming a speaker without a contact', () => {
  it('"Speaker 2" becomes "Ana" on every segment of the label, and nothing else', async () => {
    let body: unknown;
    serveTranscript([
      [
        makeSegment({ text: 'One', speaker: 'Speaker 1' }),
        makeSegment({ text: 'Two', speaker: 'Speaker 2' }),
        makeSegment({ text: 'Three', speaker: 'Speaker 2' }),
      ],
    ]);
    server.on('PUT /api/meetings/:meetingId/transcriptions/speaker/:speaker/rename', (req) => {
      body = { speaker: req.params.speaker, ...(req.body as object) };
      return ok({ modifiedCount: 2 });
    });
    const { user } = renderedUser(await screen.findByText('Two'));
    const select = within(item('Two')).getByRole('combobox', { name: 'Speaker for Speaker 2' });
    await user.selectOptions(select, 'Rename Speaker 2...');
    const dialog = await screen.findByRole('dialog', { name: 'Rename Speaker' });
    await user.type(within(dialog).getByLabelText('Name'), 'Ana');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename Speaker' })).not.toBeInTheDocument());
    expect(body).toEqual({ speaker: 'Speaker 2', name: 'Ana' });
    expect(within(item('Two')).getByRole('combobox', { name: 'Speaker for Ana' })).toHaveDisplayValue('Ana');
    expect(within(item('Three')).getByRole('combobox', { name: 'Speaker for Ana' })).toBeInTheDocument();
    expect(within(item('One')).getByRole('combobox', { name: 'Speaker for Speaker 1' })).toBeInTheDocument();
  });
});

describe('assigning a speaker', () => {
  it('confirms first, then updates every segment of that speaker', async () => {
    let release!: () => void;
    let body: unknown;
    serveTranscript([
      [
        makeSegment({ text: 'One', speaker: 'Speaker 1' }),
        makeSegment({ text: 'Two', speaker: 'Speaker 2' }),
        makeSegment({ text: 'Three', speaker: 'Speaker 1' }),
      ],
    ]);
    server.on('PUT /api/meetings/:meetingId/transcriptions/speaker/:speaker/assign', (req) => {
      body = { speaker: req.params.speaker, ...(req.body as object) };
      return {
        ...ok({ modifiedCount: 2 }),
        delay: new Promise<void>((resolve) => {
          release = resolve;
        }),
      };
    });
    const { user } = renderedUser(await screen.findByText('One'));
    const select = within(item('One')).getByRole('combobox');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(5));
    await user.selectOptions(select, 'Grace Hopper - Navy');
    const dialog = await screen.findByRole('alertdialog', { name: 'Assign Speaker to Person' });
    expect(dialog).toHaveTextContent(
      'All transcriptions with this speaker will be updated. This will affect multiple segments in this meeting.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('button', { name: 'Assigning...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(body).toEqual({ speaker: 'Speaker 1', personId: 'g1' });
    for (const text of ['One', 'Three']) {
      expect((within(item(text)).getByRole('combobox') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
        'Grace Hopper - Navy',
      );
    }
    expect((within(item('Two')).getByRole('combobox') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Speaker 2',
    );
  });

  it('Cancel changes nothing', async () => {
    serveTranscript([[makeSegment({ text: 'One' })]]);
    const { user } = renderedUser(await screen.findByText('One'));
    const select = within(item('One')).getByRole('combobox');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(5));
    await user.selectOptions(select, 'Ada Lovelace');
    const dialog = await screen.findByRole('alertdialog', { name: 'Assign Speaker to Person' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((select as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('SPEAKER_1');
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it.each([
    [fail(500), 'Failed to assign speaker to person'],
    [dropped(), 'Unable to connect to the server'],
  ] as [FakeReply, string][])('shows the failure in the dialog (%#)', async (reply, message) => {
    serveTranscript([[makeSegment({ text: 'One' })]]);
    server.on('PUT /api/meetings/:meetingId/transcriptions/speaker/:speaker/assign', () => reply);
    const { user } = renderedUser(await screen.findByText('One'));
    const select = within(item('One')).getByRole('combobox');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(5));
    await user.selectOptions(select, 'Ada Lovelace');
    const dialog = await screen.findByRole('alertdialog', { name: 'Assign Speaker to Person' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });
});

describe('Add New Person', () => {
  async function openAddPerson() {
    const utils = renderedUser(await screen.findByText('One'));
    const select = within(item('One')).getByRole('combobox');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(5));
    await utils.user.selectOptions(select, '+ Add Person');
    const dialog = await screen.findByRole('dialog', { name: 'Add New Person' });
    return { ...utils, dialog, select };
  }

  it('creates the person (company omitted when empty) and assigns the speaker', async () => {
    let created: unknown;
    let assigned: unknown;
    let release!: () => void;
    serveTranscript([[makeSegment({ text: 'One', speaker: 'Speaker 1' })]]);
    server.on('POST /api/people', (req) => {
      created = req.body;
      return {
        ...ok(makePerson({ _id: 'n1', name: 'Linus', company: undefined }), 201),
        delay: new Promise<void>((resolve) => {
          release = resolve;
        }),
      };
    });
    server.on('PUT /api/meetings/:meetingId/transcriptions/speaker/:speaker/assign', (req) => {
      assigned = req.body;
      return ok({ modifiedCount: 1 });
    });
    const { dialog, user, select } = await openAddPerson();
    const submit = within(dialog).getByRole('button', { name: 'Create & Assign' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), 'Linus ');
    await user.click(submit);
    expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Person' })).not.toBeInTheDocument());
    expect(created).toEqual({ name: 'Linus' });
    expect(assigned).toEqual({ personId: 'n1' });
    await waitFor(() => expect((select as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Linus'));
  });

  it('says inline, not in a browser pop-up, when the name is too short', async () => {
    serveTranscript([[makeSegment({ text: 'One' })]]);
    const { dialog, user } = await openAddPerson();
    expect(within(dialog).getByRole('form', { name: 'Add New Person' })).toHaveAttribute('novalidate');
    await user.type(within(dialog).getByLabelText('Name'), 'J');
    await user.click(within(dialog).getByRole('button', { name: 'Create & Assign' }));
    expect(await within(dialog).findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("sends the company when given and shows 'Failed to create person and assign speaker' on failure", async () => {
    let created: unknown;
    serveTranscript([[makeSegment({ text: 'One' })]]);
    server.on('POST /api/people', (req) => {
      created = req.body;
      return fail(500);
    });
    const { dialog, user } = await openAddPerson();
    await user.type(within(dialog).getByLabelText('Name'), 'Linus');
    await user.type(within(dialog).getByLabelText('Company (optional)'), ' Linux Foundation ');
    await user.click(within(dialog).getByRole('button', { name: 'Create & Assign' }));
    expect(await within(dialog).findByText('Failed to create person and assign speaker')).toBeInTheDocument();
    expect(created).toEqual({ name: 'Linus', company: 'Linux Foundation' });
  });
});

describe('speaker suggestions', () => {
  const voice = {
    speaker: 'Speaker 1',
    personId: 'g1',
    name: 'Grace Hopper',
    source: 'voice',
    confidence: 0.91,
    evidence: [],
  };
  const said = {
    speaker: 'Speaker 2',
    personId: null,
    name: 'David',
    source: 'transcript',
    confidence: 0.75,
    evidence: [{ text: 'David, can you fix the checkout?', startTime: 1000 }],
  };

  it("reads 'Sounds like ...' and 'Called ... in the meeting'; Accept assigns every segment of the label", async () => {
    let suggestions: unknown[] = [voice, said];
    let assigned: unknown;
    serveTranscript([
      [makeSegment({ text: 'One', speaker: 'Speaker 1' }), makeSegment({ text: 'Two', speaker: 'Speaker 2' })],
    ]);
    server.on('GET /api/meetings/:meetingId/speaker-suggestions', () => ok({ suggestions }));
    server.on('PUT /api/meetings/:meetingId/transcriptions/speaker/:speaker/assign', (req) => {
      assigned = { speaker: req.params.speaker, ...(req.body as object) };
      suggestions = [said];
      return ok({ modifiedCount: 1 });
    });
    const panel = await screen.findByRole('region', { name: 'Speaker suggestions' });
    const { user } = renderedUser(panel);
    expect(within(panel).getByText('Sounds like Grace Hopper')).toBeInTheDocument();
    expect(within(panel).getByText('Called David in the meeting')).toBeInTheDocument();
    expect(within(panel).getByText('91%')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByText('Sounds like Grace Hopper')).not.toBeInTheDocument());
    expect(assigned).toEqual({ speaker: 'Speaker 1', personId: 'g1' });
    expect((within(item('One')).getByRole('combobox') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Grace Hopper - Navy',
    );
  });

  it("'Not them' is sent for that label and the suggestion goes", async () => {
    let suggestions: unknown[] = [voice];
    let dismissed: unknown;
    serveTranscript([[makeSegment({ text: 'One', speaker: 'Speaker 1' })]]);
    server.on('GET /api/meetings/:meetingId/speaker-suggestions', () => ok({ suggestions }));
    server.on('POST /api/meetings/:meetingId/speaker-suggestions/dismiss', (req) => {
      dismissed = req.body;
      suggestions = [];
      return { status: 204 };
    });
    const panel = await screen.findByRole('region', { name: 'Speaker suggestions' });
    const { user } = renderedUser(panel);
    await user.click(within(panel).getByRole('button', { name: 'Not them' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Speaker suggestions' })).not.toBeInTheDocument());
    expect(dismissed).toEqual({ speaker: 'Speaker 1', personId: 'g1', name: 'Grace Hopper' });
  });

  it("offers 'Create person David' for a name nobody has, with the name filled in", async () => {
    serveTranscript([[makeSegment({ text: 'Two', speaker: 'Speaker 2' })]]);
    server.on('GET /api/meetings/:meetingId/speaker-suggestions', () => ok({ suggestions: [said] }));
    const panel = await screen.findByRole('region', { name: 'Speaker suggestions' });
    const { user } = renderedUser(panel);
    expect(within(panel).getByText('David, can you fix the checkout?')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Create person David' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Person' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('David');
  });
});

describe("one segment's speaker", () => {
  it("asks 'Only this segment' or 'All segments of Speaker 1'; only this segment changes", async () => {
    let body: unknown;
    serveTranscript([
      [
        makeSegment({ _id: 's1', text: 'One', speaker: 'Speaker 1' }),
        makeSegment({ _id: 's2', text: 'Three', speaker: 'Speaker 1' }),
      ],
    ]);
    server.on('PUT /api/meetings/:meetingId/transcriptions/:transcriptionId/speaker', (req) => {
      body = { segment: req.params.transcriptionId, ...(req.body as object) };
      return ok(
        makeSegment({ _id: 's1', text: 'One', speaker: 'Speaker 1', personId: { _id: 'a1', name: 'Ada Lovelace' } }),
      );
    });
    const { user } = renderedUser(await screen.findByText('One'));
    const select = within(item('One')).getByRole('combobox');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(5));
    await user.selectOptions(select, 'Ada Lovelace');
    const dialog = await screen.findByRole('alertdialog', { name: 'Assign Speaker to Person' });
    expect(within(dialog).getByRole('radio', { name: 'All segments of Speaker 1' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Only this segment' }));
    expect(dialog).toHaveTextContent('Only this segment will be updated');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(body).toEqual({ segment: 's1', personId: 'a1' });
    expect((within(item('One')).getByRole('combobox') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Ada Lovelace',
    );
    expect((within(item('Three')).getByRole('combobox') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Speaker 1',
    );
  });
});
