import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProjects } from '@/api/projects/get-projects';
import { contractViolations, type FakeApi, ok, startFakeApi } from './fake-api';
import { makeProject } from './fixtures';

const json = (body: unknown) => ({ body, json: true });
const none = { body: '', json: false };

describe('the contract check of the test fake API', () => {
  it('accepts an exchange that follows the route table', () => {
    expect(
      contractViolations('PUT /api/projects/:id', json({ name: 'Roadmap', description: '' }), {
        status: 200,
        body: { success: true, data: makeProject() },
      }),
    ).toEqual([]);
  });

  it('rejects a request body the server would refuse', () => {
    expect(
      contractViolations('PUT /api/projects/:id', json({ name: 'a' }), {
        status: 200,
        body: { success: true, data: makeProject() },
      }),
    ).toEqual([
      'PUT /api/projects/:id: request body breaks the contract: name: Project name must be at least 2 characters',
    ]);
  });

  it('rejects a reply that drifted from the contract, an unknown status, a body on 204 and an error outside the error shape', () => {
    const { createdAt: _, ...withoutDate } = makeProject();
    expect(
      contractViolations('GET /api/projects', none, {
        status: 200,
        body: { success: true, data: { projects: [withoutDate] } },
      }),
    ).toEqual([
      'GET /api/projects: 200 reply breaks the contract: data.projects.0.createdAt: Invalid input: expected string, received undefined',
    ]);
    expect(
      contractViolations('POST /api/projects', json({ name: 'Roadmap' }), {
        status: 200,
        body: { success: true, data: makeProject() },
      }),
    ).toEqual(['POST /api/projects: the server never answers 200']);
    expect(contractViolations('DELETE /api/projects/:id', none, { status: 204, body: { success: true } })).toEqual([
      'DELETE /api/projects/:id: a 204 reply has no body',
    ]);
    expect(contractViolations('GET /api/projects', none, { status: 500, body: { error: 'boom' } })).toHaveLength(1);
  });

  describe('through the fake server', () => {
    let server: FakeApi;
    beforeAll(async () => {
      server = await startFakeApi();
    });
    afterAll(() => server.close());

    it('records the violation of a reply the app received', async () => {
      server.on('GET /api/projects', () => ok({ projects: [{ _id: 'p1', name: 'Roadmap' }] }));
      await getProjects();
      expect(server.violations).toHaveLength(1);
      expect(server.violations[0]).toMatch(/^GET \/api\/projects: 200 reply breaks the contract: data\.projects\.0\./);
      server.reset();
    });

    it('serves only routes of the table', () => {
      // @ts-expect-error: not a route of the table, so not a RouteKey either
      expect(() => server.on('GET /api/somewhere-new', () => ok({}))).toThrow(
        "GET /api/somewhere-new is not a route of the contract's table",
      );
    });
  });
});
