import { describe, expect, it } from 'vitest';
import { ok, setupFakeApi } from '@/test/fake-api';
import { makeProject } from '@/test/fixtures';
import {
  DEFAULT_PROJECT,
  ensureDefaultProject,
  ensureDefaultProjectOnce,
  type LockRequester,
} from './ensure-default-project';

const server = setupFakeApi();

/** An in-memory stand-in for navigator.locks: one holder per name, waiters queue in order. */
function createLocks(): LockRequester {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** A fake projects store that answers slowly, so concurrent callers really overlap. */
function projectsStore(initial: object[] = []) {
  const projects = [...initial];
  server.on('GET /api/projects', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return ok({ projects: [...projects] });
  });
  server.on('POST /api/projects', async (req) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const project = makeProject(req.body as object);
    projects.push(project);
    return ok(project, 201);
  });
  return projects;
}

describe('default project', () => {
  it("creates 'My Meetings' once for a user without projects and sets the flag", async () => {
    const projects = projectsStore();
    await expect(ensureDefaultProjectOnce(createLocks())).resolves.toBe(true);
    expect(projects).toHaveLength(1);
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual(DEFAULT_PROJECT);
    expect(DEFAULT_PROJECT).toEqual({ name: 'My Meetings', description: 'Default project for all meetings' });
    expect(localStorage.getItem('has_default_project')).toBe('true');
  });

  it('creates exactly one project when two tabs start at the same moment', async () => {
    const projects = projectsStore();
    const locks = createLocks(); // the browser's lock manager is shared by all tabs of an origin
    const results = await Promise.all([ensureDefaultProjectOnce(locks), ensureDefaultProjectOnce(locks)]);
    expect(projects).toHaveLength(1);
    expect(results.sort()).toEqual([false, true]);
  });

  it('re-reads the project list inside the lock when the flag was not written (e.g. cleared storage)', async () => {
    const projects = projectsStore();
    const locks = createLocks();
    const first = ensureDefaultProjectOnce(locks);
    const second = ensureDefaultProjectOnce(locks);
    await first;
    localStorage.removeItem('has_default_project'); // the second tab does not see the first tab's flag
    await second;
    expect(projects).toHaveLength(1);
  });

  it('creates nothing when the user already has a project', async () => {
    const projects = projectsStore([makeProject()]);
    await expect(ensureDefaultProjectOnce(createLocks())).resolves.toBe(false);
    expect(projects).toHaveLength(1);
    expect(localStorage.getItem('has_default_project')).toBe('true');
  });

  it('asks nothing once the flag is set', async () => {
    projectsStore();
    localStorage.setItem('has_default_project', 'true');
    await ensureDefaultProjectOnce(createLocks());
    expect(server.requests).toHaveLength(0);
  });

  it('shares one run between calls from the same tab (no Web Locks available)', async () => {
    const projects = projectsStore();
    await Promise.all([ensureDefaultProject(), ensureDefaultProject(), ensureDefaultProject()]);
    expect(projects).toHaveLength(1);
  });

  it('leaves the flag unset when the request fails, so a later load tries again', async () => {
    server.on('GET /api/projects', () => ({ status: 500, body: { success: false, message: 'down' } }));
    await expect(ensureDefaultProjectOnce(createLocks())).rejects.toThrow('down');
    expect(localStorage.getItem('has_default_project')).toBeNull();
  });
});
