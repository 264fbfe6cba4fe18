import { type KeyboardEvent, type RefObject, useEffect } from 'react';

// Keeps keyboard focus inside a gate. The page behind is `inert`, so only the gate can take
// focus; this closes the last gap, Tab from the gate's last control (or Shift+Tab from its
// first) leaving for the browser's own interface, by wrapping around.

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea';

export function useGateFocus(dialog: RefObject<HTMLElement | null>) {
  useEffect(() => {
    dialog.current?.focus();
  }, [dialog]);

  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
