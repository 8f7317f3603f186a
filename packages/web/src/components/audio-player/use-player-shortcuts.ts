import { useEffect } from 'react';
import { activatesWithSpace, ownsKeyboard, SKIP_SECONDS } from './media';

/**
 * Page-wide shortcuts for one player: Space plays or pauses, Left and Right jump 10 s. They stay
 * out of the way while the user types (inputs, text areas, selects), while a dialog is open, and
 * when a modifier key is held (browser shortcuts).
 */
export function usePlayerShortcuts(
  enabled: boolean,
  { toggle, skip }: { toggle: () => void; skip: (seconds: number) => void },
): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (ownsKeyboard(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      if (event.key === ' ' && !activatesWithSpace(event.target)) {
        event.preventDefault(); // not a page scroll
        toggle();
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        skip(event.key === 'ArrowLeft' ? -SKIP_SECONDS : SKIP_SECONDS);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, toggle, skip]);
}
