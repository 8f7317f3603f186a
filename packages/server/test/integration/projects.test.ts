import { ProjectListResponse, ProjectResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  ({ token } = await api.register());
});
afterAll(() => server.close());

describe('projects', () => {
  it('creates with a trimmed name, lists newest first, reads one', async () => {
    const a = await api.post('/api/projects', { name: '  Alpha  ', description: 'First' }, token);
    expect(a.status).toBe(201);
    const alpha = expectSchema(ProjectResponse, a.body).data;
    expect(alpha).toMatchObject({ name: 'Alpha', description: 'First', meetingCount: 0 });
    const b = await api.post('/api/projects', { name: 'Beta' }, token);
    const list = expectSchema(ProjectListResponse, (await api.get('/api/projects', token)).body).data.projects;
    expect(list.map((p) => p.name).slice(0, 2)).toEqual(['Beta', 'Alpha']);
    expect(list.find((p) => p.name === 'Beta')?.description).toBeUndefined();
    const one = await api.get(`/api/projects/${b.body.data._id}`, token);
    expect(one.body.data.name).toBe('Beta');
  });

  it.each([
    [{}, 'Project name is required'],
    [{ name: '   ' }, 'Project name is required'],
    [{ name: ' a ' }, 'Project name must be at least 2 characters'],
    [{ name: 'x'.repeat(101) }, 'Project name must be at most 100 characters'],
    [{ name: 'Okay', description: 'd'.repeat(501) }, 'Description must be at most 500 characters'],
  ])('refuses %j', async (body, message) => {
    const res = await api.post('/api/projects', body, token);
    expectError(res, 400);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it('accepts the boundaries: 2 and 100 characters, 500 of description', async () => {
    expect((await api.post('/api/projects', { name: 'ab' }, token)).status).toBe(201);
    expect(
      (await api.post('/api/projects', { name: 'n'.repeat(100), description: 'd'.repeat(500) }, token)).status,
    ).toBe(201);
  });

  it('updates name and description; an empty description clears it', async () => {
    const { body } = await api.post('/api/projects', { name: 'Before', description: 'Some text' }, token);
    const res = await api.put(`/api/projects/${body.data._id}`, { name: ' After ', description: '' }, token);
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('After');
    expect(res.body.data.description).toBeUndefined();
    expectError(await api.put(`/api/projects/${body.data._id}`, { name: 'x' }, token), 400);
  });

  it('deletes and then answers 404', async () => {
    const { body } = await api.post('/api/projects', { name: 'Doomed' }, token);
    expect((await api.delete(`/api/projects/${body.data._id}`, token)).status).toBe(204);
    expectError(await api.get(`/api/projects/${body.data._id}`, token), 404, 'Project not found');
    expectError(await api.delete(`/api/projects/${body.data._id}`, token), 404);
  });

  it('answers unknown and malformed ids with 4xx, never 500', async () => {
    expectError(await api.get('/api/projects/ffffffffffffffffffffffff', token), 404);
    expectError(await api.get('/api/projects/not-an-id', token), 404);
    expectError(await api.get(`/api/projects/${'x'.repeat(80)}`, token), 400);
    expectError(await api.put('/api/projects/%27%3B--', { name: 'Valid' }, token), 404);
  });
});

describe('project names are unique per user', () => {
  it('refuses a duplicate on create, whatever its case and surrounding spaces', async () => {
    const { token: owner } = await api.register();
    expect((await api.post('/api/projects', { name: 'Board Meetings' }, owner)).status).toBe(201);
    for (const name of ['Board Meetings', 'board meetings', '  BOARD MEETINGS  ']) {
      expectError(
        await api.post('/api/projects', { name }, owner),
        409,
        `A project named "${name.trim()}" already exists`,
      );
    }
    expect((await api.get('/api/projects', owner)).body.data.projects).toHaveLength(1);
    // Another user may use the same name.
    const { token: other } = await api.register();
    expect((await api.post('/api/projects', { name: 'Board Meetings' }, other)).status).toBe(201);
  });

  it('refuses a rename onto another project’s name, but lets a project change its own case', async () => {
    const { token: owner } = await api.register();
    await api.post('/api/projects', { name: 'Alpha' }, owner);
    const beta = (await api.post('/api/projects', { name: 'Beta' }, owner)).body.data._id;
    expectError(
      await api.put(`/api/projects/${beta}`, { name: ' ALPHA ' }, owner),
      409,
      'A project named "ALPHA" already exists',
    );
    const recased = await api.put(`/api/projects/${beta}`, { name: 'BETA' }, owner);
    expect(recased.status).toBe(200);
    expect(recased.body.data.name).toBe('BETA');
  });

  it('lets only one of two concurrent creates with the same name through', async () => {
    const { token: owner } = await api.register();
    const results = await Promise.all(
      ['Racing', 'racing', 'RACING', 'Racing '].map((name) => api.post('/api/projects', { name }, owner)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });
});
