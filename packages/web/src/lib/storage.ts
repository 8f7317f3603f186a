// The spec's local storage keys (section 3). Access is guarded: storage can throw (private mode, quota).
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  user: 'user',
  hasDefaultProject: 'has_default_project',
  sidebarCollapsed: 'sidebarCollapsed',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value only lives for this page.
  }
}

export function removeStorage(...keys: StorageKey[]): void {
  for (const key of keys) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored, nothing to clear.
    }
  }
}
