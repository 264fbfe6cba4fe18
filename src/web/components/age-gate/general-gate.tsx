import { useRef } from 'react';
import { LEAVE_URL } from '../../lib/age-gate.ts';
import type { GeneralGateText } from '../../ssr-types.ts';
import styles from './age-gate.module.css';
import { useGateFocus } from './use-gate-focus.ts';

/**
 * The general age gate (SPEC.md §4): "Enter" passes it, "Leave" goes elsewhere. Its words
 * come in the language of the visitor's country, marked with `lang` for screen readers.
 */
export function GeneralGate({
  text,
  lang,
  onEnter,
}: {
  text: GeneralGateText;
  lang: string | undefined;
  onEnter: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const onKeyDown = useGateFocus(dialog);
  return (
    <div className={styles.backdrop} data-nosnippet="">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-text"
        className={styles.dialog}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        lang={lang}
        data-age-gate="general"
      >
        <span className={styles.badge} aria-hidden="true">
          18+
        </span>
        <h2 id="age-gate-title" className={styles.title}>
          {text.title}
        </h2>
        <p id="age-gate-text" className={styles.text}>
          {text.text}
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={onEnter}>
            {text.enter}
          </button>
          <a className={styles.secondary} href={LEAVE_URL} rel="noopener noreferrer">
            {text.leave}
          </a>
        </div>
      </div>
    </div>
  );
}
