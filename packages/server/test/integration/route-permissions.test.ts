import { PERMISSIONS, type Permission, type RouteDef, routeKey, routePath, routes } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectTarget, REFUSALS } from '../../src/services/access.ts';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript, uploadMeeting } from '../helpers/uploads.ts';

// Walks the whole route table (issue 37, docs/decisions/222) for an owner, an editor, a viewer, a
// non-member and the instance admin (not a member), against the permission each route declares: a
// non-member gets the 404 of another account's data, a member whose role falls short the 403 of the
// access check, everyone else gets past it. A route without a declared permission fails the test.

type Who = 'owner' | 'editor' | 'viewer' | 'outsider' | 'admin';
const EVERYONE: Who[] = ['outsider', 'admin', 'viewer', 'editor', 'owner'];
const ALLOWED: Record<Exclude<Permission, 'public' | 'self'>, Who[]> = {
  'project.read': ['viewer', 'editor', 'owner'],
  'project.write': ['editor', 'owner'],
  'project.manage': ['owner'],
  admin: ['admin'],
};
const ACCESS_NOT_FOUND = /^(Project|Meeting) not found$/;
const REFUSED = new Set([...Object.values(REFUSALS), 'Only an administrator of this Parley can do this']);

let server: TestServer;
let api: ReturnType<typeof apiClient>;
const users = {} as Record<Who | 'extra', { token: string; id: string }>;
const ids = { project: '', meeting: '', segment: '', person: '', item: '', share: '' };

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  // The first account of an instance is its admin; the owner's project is the one shared.
  for (const who of ['admin', 'owner', 'editor', 'viewer', 'outsider', 'extra'] as const) {
    const email = `${who}@example.com`;
    const registered: { token: string; user: { _id: string }; projectId?: string } =
      who === 'owner' ? await api.registerWithProject('Shared', who, email) : await api.register(who, email);
    users[who] = { token: registered.token, id: registered.user._id };
    if (registered.projectId) ids.project = registered.projectId;
  }
  expect((await api.get('/api/users/me', users.admin.token)).body.data.role).toBe('admin');
  const owner = users.owner.token;
  for (const [who, role] of [
    ['editor', 'editor'],
    ['viewer', 'viewer'],
    ['extra', 'viewer'],
  ] as const) {
    const added = await api.post(`/api/projects/${ids.project}/members`, { email: `${who}@example.com`, role }, owner);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  ids.meeting = (await uploadMeeting(server.url, owner, ids.project, { path: jfkWavPath() })).body.data._id;
  await server.ctx.repos.transcriptions.replaceForMeeting(server.ctx.db, users.owner.id, ids.meeting, [
    { speaker: 'Speaker 1', text: 'shared words', startMs: 0, endMs: 1000 },
  ]);
  ids.segment = (await api.get(`/api/meetings/${ids.meeting}/transcriptions`, owner)).body.data.transcriptions[0]._id;
  ids.person = (await api.post('/api/people', { name: 'Ann' }, owner)).body.data._id;
  [ids.item] = (await server.ctx.repos.actionItems.insertMany(users.owner.id, ids.meeting, [{ task: 'Call Ann' }])) as [
    string,
  ];
  ids.share = (await api.post(`/api/meetings/${ids.meeting}/shares`, { includeAudio: false }, owner)).body.data.id;
});
afterAll(() => server?.close());

/** The route's path with every parameter filled with the shared project's objects. */
function pathOf(route: RouteDef) {
  const id = route.path.startsWith('/api/projects/:id') ? ids.project : ids.share;
  return routePath(route, {
    id,
    meetingId: ids.meeting,
    transcriptionId: ids.segment,
    itemId: ids.item,
    speaker: 'Speaker 1',
    personId: ids.person,
    seq: 0,
    userId: users.extra.id,
  });
}

/** Sends the route with no body; a stream is cut once its status is known. */
async function call(route: RouteDef, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}${pathOf(route)}`, {
    method: route.method,
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const json = response.headers.get('content-type')?.includes('application/json');
  const body = json ? ((await response.json()) as { message?: string }) : undefined;
  if (!json) controller.abort();
  return { status: response.status, message: body?.message as string | undefined };
}

const guarded = Object.values(routes).filter((r) => r.permission !== 'public' && r.permission !== 'self');
// Destructive routes go last, the project itself at the very end, so what the others need is still there.
const order = (r: RouteDef) => (r === routes.deleteProject ? 3 : r === routes.deleteMeeting ? 2 : 0);
const walk = [...guarded].sort((a, b) => order(a) - order(b));

describe('every route of the table declares who may call it', () => {
  it('has a known permission on every entry, and a project to check it on for project permissions', () => {
    for (const route of Object.values(routes) as RouteDef[]) {
      expect(PERMISSIONS, `${routeKey(route)} declares no permission`).toContain(route.permission);
      if (route.permission.startsWith('project.')) expect(() => projectTarget(route.path)).not.toThrow();
    }
  });

  it.each(walk.map((r) => [routeKey(r), r] as const))('%s', async (_key, route) => {
    const allowed = ALLOWED[route.permission as keyof typeof ALLOWED];
    for (const who of EVERYONE) {
      // Deleting the meeting or the project: a fresh one for each caller allowed to.
      if (route === routes.deleteMeeting && allowed.includes(who))
        ids.meeting = (
          await importTranscript(server.url, users.owner.token, ids.project, {
            name: 'again.vtt',
            text: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nAgain\n',
          })
        ).body.data._id;
      const res = await call(route, users[who].token);
      const label = `${routeKey(route)} as ${who}: ${res.status} ${res.message ?? ''}`;
      expect(res.status, label).toBeLessThan(500);
      if (allowed.includes(who)) {
        expect(res.status === 404 && ACCESS_NOT_FOUND.test(res.message ?? ''), label).toBe(false);
        expect(res.status === 403 && REFUSED.has(res.message ?? ''), label).toBe(false);
        expect(res.status, label).not.toBe(401);
      } else if (route.permission !== 'admin' && (who === 'outsider' || who === 'admin')) {
        // Not a member: the project and all in it answer as if they did not exist.
        expect(res.status, label).toBe(404);
        expect(res.message, label).toMatch(ACCESS_NOT_FOUND);
      } else {
        // A member whose role falls short, or anyone but an admin on an admin route.
        expect(res.status, label).toBe(403);
        expect(REFUSED.has(res.message ?? ''), label).toBe(true);
      }
    }
  });

  it('lets every signed-in account call the routes on its own things', async () => {
    for (const route of Object.values(routes).filter((r) => r.permission === 'self') as RouteDef[]) {
      if (route === routes.logout) continue;
      const who = users.viewer;
      const res = await fetch(`${server.url}${routePath(route, { id: 'nothing', userId: who.id })}`, {
        method: route.method,
        headers: { authorization: `Bearer ${who.token}` },
      });
      await res.body?.cancel();
      expect([401, 403], `${routeKey(route)}: ${res.status}`).not.toContain(res.status);
      expect(res.status, routeKey(route)).toBeLessThan(500);
    }
  });
});
