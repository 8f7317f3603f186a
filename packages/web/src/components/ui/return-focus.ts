import { createContext, createElement, type ReactNode, useContext, useRef } from 'react';

type FocusHandler = (event: Event) => void;

/** What held focus as the dialog's `open` turned true, seen by its root before anything inside autofocuses. */
const OpenerContext = createContext<{ current: HTMLElement | null } | null>(null);

/** Wraps a dialog root: notes the focused element when `open` becomes true (during render, before commit). */
export function OpenerProvider({ open, children }: { open: boolean | undefined; children: ReactNode }) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && document.activeElement instanceof HTMLElement)
    opener.current = document.activeElement;
  wasOpen.current = Boolean(open);
  return createElement(OpenerContext.Provider, { value: opener }, children);
}

/**
 * Focus back where it was when a dialog closes. Radix gives it to the dialog's Trigger, but our
 * dialogs open from state (a Button's onClick) with no Trigger, so focus fell to <body> and keyboard
 * users started again from the top of the page. This returns to what held focus as the dialog opened
 * (noted by the root, since a field with autoFocus takes focus before Radix's open event), unless the
 * caller's own handler took care of it (preventDefault) or that element is gone (a menu item), when
 * Radix does as before.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: FocusHandler; onCloseAutoFocus?: FocusHandler }) {
  const fromRoot = useContext(OpenerContext);
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      // Radix sends no open event when a field autofocused first: the root's note is the one to trust.
      const target = fromRoot?.current ?? opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected || target === document.body) return;
      event.preventDefault();
      target.focus();
    },
  };
}
