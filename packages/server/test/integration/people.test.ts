import { PeopleListResponse, PersonResponse, TranscriptionPageResponse } from '@parley/contract';
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

const full = {
  name: '  Marie Curie ',
  email: 'Marie@Sorbonne.fr',
  phone: '+33 1 23 45 67 89',
  company: 'Sorbonne',
  notes: 'Two Nobel prizes.',
  socialMedia: {
    linkedin: 'https://linkedin.com/in/marie',
    twitter: 'https://twitter.com/marie',
    facebook: 'https://facebook.com/marie',
    instagram: 'https://instagram.com/marie',
    github: 'https://github.com/marie',
  },
};

describe('people', () => {
  it('creates a person with every field, trimmed', async () => {
    const res = await api.post('/api/people', full, token);
    expect(res.status).toBe(201);
    const person = expectSchema(PersonResponse, res.body).data;
    expect(person).toMatchObject({
      name: 'Marie Curie',
      email: 'marie@sorbonne.fr',
      company: 'Sorbonne',
      socialMedia: full.socialMedia,
    });
  });

  it('creates with only a name; blank optional fields are dropped', async () => {
    const res = await api.post(
      '/api/people',
      { name: 'Just Name', email: '', phone: '  ', socialMedia: { github: '' } },
      token,
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual(expect.objectContaining({ name: 'Just Name' }));
    for (const key of ['email', 'phone', 'company', 'notes', 'socialMedia']) expect(res.body.data[key]).toBeUndefined();
  });

  it.each([
    [{}, 'Name is required'],
    [{ name: '  ' }, 'Name is required'],
    [{ name: 'A' }, 'Name must be at least 2 characters'],
    [{ name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
    [{ name: 'Okay', email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ name: 'Okay', phone: '1'.repeat(21) }, 'Phone must be at most 20 characters'],
    [{ name: 'Okay', company: 'c'.repeat(101) }, 'Company must be at most 100 characters'],
    [{ name: 'Okay', notes: 'n'.repeat(1001) }, 'Notes must be at most 1000 characters'],
    [{ name: 'Okay', socialMedia: { github: 5 } }, undefined],
  ])('refuses %j', async (body, message) => {
    const res = await api.post('/api/people', body, token);
    expectError(res, 400);
    if (message) expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it('accepts the boundaries', async () => {
    const res = await api.post(
      '/api/people',
      { name: 'ab', phone: '1'.repeat(20), company: 'c'.repeat(100), notes: 'n'.repeat(1000) },
      token,
    );
    expect(res.status).toBe(201);
  });

  it('updates only the fields sent; an empty string clears one', async () => {
    const { body } = await api.post('/api/people', full, token);
    const id = body.data._id;
    const res = await api.put(
      `/api/people/${id}`,
      { company: 'Institut du Radium', phone: '', socialMedia: { twitter: '' } },
      token,
    );
    expect(res.status).toBe(200);
    const person = expectSchema(PersonResponse, res.body).data;
    expect(person.name).toBe('Marie Curie');
    expect(person.company).toBe('Institut du Radium');
    expect(person.phone).toBeUndefined();
    expect(person.socialMedia?.twitter).toBeUndefined();
    expect(person.socialMedia?.github).toBe(full.socialMedia.github);
    expectError(await api.put(`/api/people/${id}`, { name: 'x' }, token), 400);
  });

  it('lists people by name with the limit', async () => {
    const fresh = await api.register();
    for (const name of ['Zoe', 'Adam', 'Mia']) await api.post('/api/people', { name }, fresh.token);
    const all = expectSchema(PeopleListResponse, (await api.get('/api/people?limit=100', fresh.token)).body).data;
    expect(all.people.map((p) => p.name)).toEqual(['Adam', 'Mia', 'Zoe']);
    const two = (await api.get('/api/people?limit=2', fresh.token)).body.data;
    expect(two.people).toHaveLength(2);
    expect(two.pagination).toMatchObject({ total: 3, pages: 2 });
    expectError(await api.get('/api/people?limit=abc', fresh.token), 400);
  });

  it('reads and deletes one, then 404', async () => {
    const { body } = await api.post('/api/people', { name: 'Temp Person' }, token);
    expect((await api.get(`/api/people/${body.data._id}`, token)).body.data.name).toBe('Temp Person');
    expect((await api.delete(`/api/people/${body.data._id}`, token)).status).toBe(204);
    expectError(await api.get(`/api/people/${body.data._id}`, token), 404, 'Person not found');
  });

  it('pages a person’s transcriptions (empty until transcripts exist)', async () => {
    const { body } = await api.post('/api/people', { name: 'Quiet One' }, token);
    const res = await api.get(
      `/api/people/${body.data._id}/transcriptions?page=1&limit=20&sort=createdAt&search=hello`,
      token,
    );
    expect(res.status).toBe(200);
    const page = expectSchema(TranscriptionPageResponse, res.body).data;
    expect(page).toEqual({ transcriptions: [], pagination: { page: 1, pages: 0, total: 0, limit: 20 } });
    expectError(await api.get(`/api/people/${body.data._id}/transcriptions?page=0`, token), 400);
  });
});
