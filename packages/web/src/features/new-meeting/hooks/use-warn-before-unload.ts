import { useEffect } from 'react';

/**
 * While `active`, closing or reloading the tab asks the browser's own "Leave site?" question, so an
 * unsaved recording is not lost to a stray Ctrl+W or F5.
 */
export function useWarnBeforeUnload(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium and Safari only ask when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
