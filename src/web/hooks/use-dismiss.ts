import { type RefObject, useEffect } from 'react';

/**
 * Closes an open popup (a menu, a panel) on Escape, which returns focus to its toggle, and
 * when a press or the keyboard focus lands outside it.
 */
export function useDismiss(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  close: () => void,
  toggle?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) =>
      !(target instanceof Node && root.current?.contains(target));
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      close();
      toggle?.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (outside(event.target)) close();
    }
    function onFocusIn(event: FocusEvent) {
      if (outside(event.target)) close();
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open, root, close, toggle]);
}
