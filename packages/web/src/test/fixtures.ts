import {
  ActionItem,
  type ActionItem as ActionItemType,
  Meeting,
  type Meeting as MeetingType,
  Person,
  type Person as PersonType,
  Project,
  type Project as ProjectType,
  type TranscriptionSegment as SegmentType,
  SummaryTemplate,
  type SummaryTemplate as SummaryTemplateType,
  TranscriptionSegment,
  User,
  type User as UserType,
} from '@parley/contract';

// Fixtures are parsed with the contract's own schemas, so a test can't drift from the API shapes.
const NOW = '2026-11-22T12:00:00.000Z';
let counter = 0;
const nextId = (prefix: string) => `${prefix}${(++counter).toString(16).padStart(6, '0')}`;

export function makeUser(overrides: Partial<UserType> = {}): UserType {
  return User.parse({
    _id: 'user000001',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    tier: { name: 'free', limits: { monthlyDuration: 18_000, maxFileSize: 104_857_600 } },
    currentMonthUsage: { duration: 600, month: 11, year: 2026 },
    createdAt: NOW,
    role: 'user',
    ...overrides,
  });
}

export function makeProject(overrides: Partial<ProjectType> = {}): ProjectType {
  return Project.parse({
    _id: nextId('proj'),
    name: 'Weekly standups',
    description: 'Team syncs',
    meetingCount: 2,
    audioRetentionDays: null,
    role: 'owner',
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  });
}

export function makeMeeting(overrides: Partial<MeetingType> = {}): MeetingType {
  return Meeting.parse({
    _id: nextId('meet'),
    projectId: 'proj000001',
    title: 'Kick-off',
    duration: 125,
    recordingType: 'upload',
    createdAt: NOW,
    updatedAt: NOW,
    transcriptionStatus: 'completed',
    transcriptionProgress: 100,
    actionItemsStatus: 'not_started',
    actionItemsProgress: 0,
    metadata: { audio: { mimeType: 'audio/webm', size: 48_000, fileName: 'kick-off.webm' } },
    ...overrides,
  });
}

/** A generated item of meeting m1, assigned by the text the transcript used. */
export function makeActionItem(overrides: Partial<ActionItemType> = {}): ActionItemType {
  return ActionItem.parse({
    _id: 'item00000001',
    meetingId: 'm1',
    task: 'Send the budget to Marco',
    context: 'Project Manager: I will send the budget to Marco by Friday.',
    contextStartTime: 75,
    assignee: 'Project Manager',
    personId: null,
    dueDate: null,
    status: 'pending',
    source: 'generated',
    editedAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  });
}

export function makePerson(overrides: Partial<PersonType> = {}): PersonType {
  return Person.parse({
    _id: nextId('pers'),
    name: 'Grace Hopper',
    email: 'grace@example.com',
    phone: '+1 555 0100',
    company: 'Navy',
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  });
}

export function makeSegment(overrides: Partial<SegmentType> = {}): SegmentType {
  return TranscriptionSegment.parse({
    _id: nextId('seg'),
    meetingId: { _id: 'meet000001', title: 'Planning', projectId: 'proj000001' },
    speaker: 'SPEAKER_1',
    personId: null,
    text: 'Hello there',
    isEdited: false,
    startTime: 5_000,
    endTime: 9_500,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  });
}

/** A one-page list reply body, as the server pages people (`{people, pagination}`). */
export function peoplePage(people: PersonType[] = []) {
  return { people, pagination: { page: 1, pages: people.length > 0 ? 1 : 0, total: people.length, limit: 100 } };
}

/** The built-in default as the server lists it (docs/decisions/143). */
export const BUILT_IN_TEMPLATE = SummaryTemplate.parse({
  _id: 'default',
  name: 'Standard notes',
  sections: [
    { heading: 'Overview', instruction: 'Two or three sentences.' },
    { heading: 'Key points', instruction: 'Bullets.' },
    { heading: 'Decisions', instruction: 'Bullets: what was decided.' },
    { heading: 'Next steps', instruction: 'Who will do what.' },
  ],
  builtIn: true,
  createdAt: null,
  updatedAt: null,
});

export function makeSummaryTemplate(overrides: Partial<SummaryTemplateType> = {}): SummaryTemplateType {
  return SummaryTemplate.parse({
    _id: nextId('tmpl'),
    name: 'Customer call',
    sections: [
      { heading: 'Customer questions', instruction: 'Every question the customer asked.' },
      { heading: 'Risks', instruction: '' },
    ],
    builtIn: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  });
}
