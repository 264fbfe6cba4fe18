import { type ReactNode, useEffect, useRef } from 'react';
import styles from './auth.module.css';

/** The frame of the sign-in, sign-up and restore screens: a titled card in the middle. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}

/**
 * A message on an account screen. `focus` moves the keyboard focus to it when it replaces a
 * form (the focused button is gone), so it is read out and the next Tab continues from it.
 */
export function Notice({
  children,
  tone = 'info',
  focus = false,
}: {
  children: ReactNode;
  tone?: 'info' | 'error';
  focus?: boolean;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <p
      ref={ref}
      role="status"
      tabIndex={focus ? -1 : undefined}
      className={tone === 'error' ? `${styles.notice} ${styles.noticeError}` : styles.notice}
    >
      {children}
    </p>
  );
}
