// A first visit right after sign-up greets with 'Welcome', later ones with 'Welcome back'. The mark
// lives in this tab's session storage: it lasts while the new user looks around, and a later sign-in
// (another tab, another day) is a return.
const KEY = 'parley_new_account';

export function markNewAccount(userId: string): void {
  try {
    window.sessionStorage.setItem(KEY, userId);
  } catch {
    // Storage unavailable: the greeting falls back to 'Welcome back'.
  }
}

export function isNewAccount(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === userId;
  } catch {
    return false;
  }
}
