import { AdminUserListResponse, MEMBER_ADDS_PER_HOUR, MemberListResponse, ProjectListResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// Shared projects and the instance admin (issue 37; docs/decisions/220-222).
let server: TestServer;
let api: ReturnType<typeof apiClient>;
type Account = { token: string; id: string; email: string; password: string };
const people = {} as Record<'admin' | 'ann' | 'bob' | 'cat', Account>;
let project = '';

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  // The first account is the instance's admin; Ann's project is the one the tests share.
  for (const who of ['admin', 'ann', 'bob', 'cat'] as const) {
    const email = `${who}@example.com`;
    const registered: { token: string; user: { _id: string }; password: string; projectId?: string } =
      who === 'ann' ? await api.registerWithProject('Lab', who, email) : await api.register(who, email);
    people[who] = { token: registered.token, id: registered.user._id, email, password: registered.password };
    if (registered.projectId) project = registered.projectId;
  }
});
afterAll(() => server?.close());

const members = async (token = people.ann.token) =>
  expectSchema(MemberListResponse, (await api.get(`/api/projects/${project}/members`, token)).body).data.members;

describe('members of a project', () => {
  it('adds an account by email with a role, and refuses an unknown email (404) or a member again (409)', async () => {
    const added = await api.post(
      `/api/projects/${project}/members`,
      { email: 'BOB@example.com', role: 'viewer' },
      people.ann.token,
    );
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      user: { _id: people.bob.id, name: 'bob', email: 'bob@example.com' },
      role: 'viewer',
    });
    expectError(
      await api.post(
        `/api/projects/${project}/members`,
        { email: 'nobody@example.com', role: 'viewer' },
        people.ann.token,
      ),
      404,
    );
    expectError(
      await api.post(
        `/api/projects/${project}/members`,
        { email: 'bob@example.com', role: 'editor' },
        people.ann.token,
      ),
      409,
    );
    expectError(
      await api.post(`/api/projects/${project}/members`, { email: 'x', role: 'boss' }, people.ann.token),
      400,
    );
    expect((await members(people.bob.token)).map((m) => [m.user.name, m.role])).toEqual([
      ['ann', 'owner'],
      ['bob', 'viewer'],
    ]);
  });

  it('lists the shared project with the member’s role', async () => {
    const listed = expectSchema(ProjectListResponse, (await api.get('/api/projects', people.bob.token)).body).data
      .projects;
    expect(listed.map((p) => [p.name, p.role])).toEqual([['Lab', 'viewer']]);
    expect((await api.get(`/api/projects/${project}`, people.ann.token)).body.data.role).toBe('owner');
  });

  it('lets a viewer read but not write (403), and a non-member nothing (404)', async () => {
    const meeting = (await uploadMeeting(server.url, people.ann.token, project, { path: jfkWavPath() })).body.data._id;
    expect((await api.get(`/api/projects/${project}/meetings/${meeting}`, people.bob.token)).status).toBe(200);
    expectError(
      await api.put(`/api/projects/${project}/meetings/${meeting}`, { title: 'Mine now' }, people.bob.token),
      403,
    );
    expectError(
      await api.get(`/api/projects/${project}/meetings/${meeting}`, people.cat.token),
      404,
      'Project not found',
    );
    expectError(await api.get(`/api/meetings/${meeting}/transcriptions`, people.cat.token), 404, 'Meeting not found');
    expectError(
      await api.post(
        `/api/projects/${project}/members`,
        { email: 'cat@example.com', role: 'viewer' },
        people.bob.token,
      ),
      403,
    );
  });

  it('counts an editor’s upload on the editor’s meter, not the owner’s', async () => {
    await api.patch(`/api/projects/${project}/members/${people.bob.id}`, { role: 'editor' }, people.ann.token);
    const before = (await api.get('/api/users/me', people.ann.token)).body.data.currentMonthUsage.duration;
    const upload = await uploadMeeting(server.url, people.bob.token, project, { path: jfkWavPath() });
    expect(upload.status).toBe(201);
    expect((await api.get('/api/users/me', people.bob.token)).body.data.currentMonthUsage.duration).toBeGreaterThan(10);
    expect((await api.get('/api/users/me', people.ann.token)).body.data.currentMonthUsage.duration).toBe(before);
    // The editor sees the meeting in the project, as does the owner.
    const listed = (await api.get(`/api/projects/${project}/meetings`, people.ann.token)).body.data.meetings;
    expect(listed.map((m: { _id: string }) => m._id)).toContain(upload.body.data._id);
  });

  it('keeps the last owner: not demoted, not leaving (409); a member leaves, an editor removes no one else', async () => {
    expectError(
      await api.patch(`/api/projects/${project}/members/${people.ann.id}`, { role: 'editor' }, people.ann.token),
      409,
    );
    expectError(await api.delete(`/api/projects/${project}/members/${people.ann.id}`, people.ann.token), 409);
    await api.post(`/api/projects/${project}/members`, { email: 'cat@example.com', role: 'viewer' }, people.ann.token);
    expectError(await api.delete(`/api/projects/${project}/members/${people.cat.id}`, people.bob.token), 403);
    expect((await api.delete(`/api/projects/${project}/members/${people.cat.id}`, people.cat.token)).status).toBe(204);
    expectError(await api.get(`/api/projects/${project}`, people.cat.token), 404);
    // With a second owner, the first may step down.
    await api.patch(`/api/projects/${project}/members/${people.bob.id}`, { role: 'owner' }, people.ann.token);
    expect(
      (await api.patch(`/api/projects/${project}/members/${people.ann.id}`, { role: 'viewer' }, people.ann.token))
        .status,
    ).toBe(200);
    expect((await members()).map((m) => [m.user.name, m.role])).toEqual([
      ['ann', 'viewer'],
      ['bob', 'owner'],
    ]);
  });

  it('loses everything in the project once removed', async () => {
    expect((await api.delete(`/api/projects/${project}/members/${people.ann.id}`, people.bob.token)).status).toBe(204);
    expectError(await api.get(`/api/projects/${project}/meetings`, people.ann.token), 404);
    expect((await api.get('/api/projects', people.ann.token)).body.data.projects).toEqual([]);
    // The project goes on for its remaining owner, its meetings intact.
    expect((await api.get(`/api/projects/${project}`, people.bob.token)).body.data.meetingCount).toBe(2);
  });
});

describe('the instance admin', () => {
  it('is the first account; others get 403 on the admin API', async () => {
    expect((await api.get('/api/users/me', people.admin.token)).body.data.role).toBe('admin');
    expect((await api.get('/api/users/me', people.ann.token)).body.data.role).toBe('user');
    expectError(await api.get('/api/admin/users', people.ann.token), 403);
    expectError(await api.patch(`/api/admin/users/${people.ann.id}`, { role: 'admin' }, people.ann.token), 403);
  });

  it('lists accounts with this month’s usage, paged and searched', async () => {
    const page = expectSchema(
      AdminUserListResponse,
      (await api.get('/api/admin/users?page=1&limit=2', people.admin.token)).body,
    ).data;
    expect(page.pagination).toEqual({ page: 1, limit: 2, total: 4, pages: 2 });
    expect(page.users.map((u) => u.name)).toEqual(['admin', 'ann']);
    const found = (await api.get('/api/admin/users?search=BOB', people.admin.token)).body.data.users;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ email: 'bob@example.com', role: 'user', disabled: false, monthlyMinutes: null });
    expect(found[0].usage.minutes).toBeGreaterThan(0);
    // A LIKE wildcard is a character like any other.
    expect((await api.get('/api/admin/users?search=%25', people.admin.token)).body.data.users).toEqual([]);
  });

  it('sets a per-account limit that the account then meets', async () => {
    const res = await api.patch(
      `/api/admin/users/${people.cat.id}`,
      { monthlyMinutes: 0, maxFileSizeMb: 5 },
      people.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      monthlyMinutes: 0,
      maxFileSizeMb: 5,
      usage: { limitMinutes: 0, maxFileSizeMb: 5 },
    });
    const own = (await api.post('/api/projects', { name: 'Cat' }, people.cat.token)).body.data._id;
    expect((await uploadMeeting(server.url, people.cat.token, own, { path: jfkWavPath() })).status).toBe(403);
  });

  it('disables an account: sign-in refused with a 403 that says so, its session and tokens stop at once (401)', async () => {
    const token = (await api.post('/api/users/me/tokens', { name: 'script', scope: 'read' }, people.cat.token)).body
      .data.token;
    expect((await api.get('/api/projects', token)).status).toBe(200);
    expect(
      (await api.patch(`/api/admin/users/${people.cat.id}`, { disabled: true }, people.admin.token)).body.data.disabled,
    ).toBe(true);
    expectError(await api.get('/api/projects', people.cat.token), 401);
    expectError(await api.get('/api/projects', token), 401);
    expectError(
      await api.post('/auth/login', { email: people.cat.email, password: people.cat.password }),
      403,
      /disabled/,
    );
    await api.patch(`/api/admin/users/${people.cat.id}`, { disabled: false }, people.admin.token);
    expect((await api.post('/auth/login', { email: people.cat.email, password: people.cat.password })).status).toBe(
      200,
    );
  });

  it('cannot disable or demote itself (409), and makes another admin', async () => {
    expectError(await api.patch(`/api/admin/users/${people.admin.id}`, { disabled: true }, people.admin.token), 409);
    expect((await api.patch(`/api/admin/users/${people.ann.id}`, { role: 'admin' }, people.admin.token)).status).toBe(
      200,
    );
    expect((await api.get('/api/admin/overview', people.ann.token)).body.data).toMatchObject({
      accounts: 4,
      meetings: 2,
    });
    expect((await api.get('/api/admin/overview', people.ann.token)).body.data.storedBytes).toBeGreaterThan(0);
  });
});

describe('adding members by email', () => {
  // A 404 or a 201 with the account's name tells whether an email has an account: unbounded, any account
  // could test a list of emails and harvest names (decision 292), which the sign-up limit forbids (214).
  it(`answers at most ${MEMBER_ADDS_PER_HOUR} adds an hour per caller, across projects, then 429 with Retry-After`, async () => {
    const dan = await api.register('dan', 'dan@example.com');
    const projects: string[] = [];
    for (const name of ['Probe one', 'Probe two'])
      projects.push((await api.post('/api/projects', { name }, dan.token)).body.data._id);
    for (let i = 0; i < MEMBER_ADDS_PER_HOUR; i++) {
      const tried = await api.post(
        `/api/projects/${projects[i % 2]}/members`,
        { email: `guess${i}@example.com`, role: 'viewer' },
        dan.token,
      );
      expect(tried.status).toBe(404);
    }
    const refused = await api.post(
      `/api/projects/${projects[0]}/members`,
      { email: people.cat.email, role: 'viewer' },
      dan.token,
    );
    expectError(refused, 429, /^Too many members added in the last hour\. Try again in \d+ minutes\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    // The caller is held in every project; another caller is not.
    const other = await api.post(
      `/api/projects/${projects[1]}/members`,
      { email: people.cat.email, role: 'viewer' },
      dan.token,
    );
    expect(other.status).toBe(429);
    const catProject = (await api.post('/api/projects', { name: 'Cat own' }, people.cat.token)).body.data._id;
    expect(
      (
        await api.post(
          `/api/projects/${catProject}/members`,
          { email: 'dan@example.com', role: 'viewer' },
          people.cat.token,
        )
      ).status,
    ).toBe(201);
  });
});
