import { getProjects } from '@/api/projects/get-projects';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { createProject } from './create-project';

export const DEFAULT_PROJECT = { name: 'My Meetings', description: 'Default project for all meetings' } as const;
export const DEFAULT_PROJECT_LOCK = 'parley:default-project';

/** The subset of the Web Locks API this needs (so tests can pass their own). */
export interface LockRequester {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function browserLocks(): LockRequester | undefined {
  if (typeof navigator === 'undefined' || !navigator.locks) return undefined;
  const locks = navigator.locks;
  return { request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T> };
}

/**
 * Spec section 7: a user with no project gets 'My Meetings' once. Several tabs may start at the same
 * moment, so the check-and-create runs under a Web Lock and re-reads the flag and the list inside it:
 * a tab that waited for the lock sees the project the first one made. Returns true if it created one.
 */
export async function ensureDefaultProjectOnce(locks: LockRequester | undefined = browserLocks()): Promise<boolean> {
  if (readStorage(STORAGE_KEYS.hasDefaultProject) === 'true') return false;
  const work = async () => {
    if (readStorage(STORAGE_KEYS.hasDefaultProject) === 'true') return false;
    const projects = await getProjects();
    let created = false;
    // Projects shared with the user do not count: the default project is their own (issue 37).
    if (!projects.some((project) => project.role === 'owner')) {
      await createProject({ ...DEFAULT_PROJECT });
      created = true;
    }
    writeStorage(STORAGE_KEYS.hasDefaultProject, 'true');
    return created;
  };
  return locks ? locks.request(DEFAULT_PROJECT_LOCK, work) : work();
}

let inFlight: Promise<boolean> | null = null;

/** Same as ensureDefaultProjectOnce, and calls from one tab share a single run. */
export function ensureDefaultProject(): Promise<boolean> {
  inFlight ??= ensureDefaultProjectOnce().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
