import { useRef } from 'react';

type FocusHandler = (event: Event) => void;

/**
 * Focus back where it was when a dialog closes. Radix gives it to the dialog's Trigger, but our
 * dialogs open from state (a Button's onClick) with no Trigger, so focus fell to <body> and keyboard
 * users started again from the top of the page. This remembers what held focus as the dialog opened
 * and returns there, unless the caller's own handler took care of it (preventDefault) or that element
 * is gone (a menu item), when Radix does as before.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: FocusHandler; onCloseAutoFocus?: FocusHandler }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Radix calls this before it moves focus into the dialog.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected || target === document.body) return;
      event.preventDefault();
      target.focus();
    },
  };
}
