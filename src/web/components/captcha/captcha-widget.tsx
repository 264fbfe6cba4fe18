import { useEffect, useId, useRef, useState } from 'react';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import type { CaptchaChallenge } from '../../../contracts/captcha.ts';
import { CAPTCHA_FIELD, CAPTCHA_PATH, type CaptchaAction } from '../../../contracts/captcha.ts';
import { createFetchClient } from '../../api/client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { encodeSolution, solveChallenge } from '../../lib/captcha-solver.ts';
import { errorText } from '../../lib/errors.ts';
import styles from './captcha-widget.module.css';

// The "I'm not a robot" check (decision 0023), in its own chunk: a real checkbox that, when
// ticked, fetches a challenge and lets the device solve it, showing the progress, then
// holds the proof in a hidden field of the form around it. Nothing leaves this site.

type Phase =
  | { kind: 'idle' }
  | { kind: 'solving'; share: number }
  | { kind: 'done'; proof: string }
  | { kind: 'failed' };

export default function CaptchaWidget({
  action,
  error,
  name = CAPTCHA_FIELD,
}: {
  action: CaptchaAction;
  /** The form's error for this field (required, invalid): shown and announced here. */
  error?: FieldError | undefined;
  name?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const box = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);
  // Shown because the server asked for it: the check is what to do next, unless the form
  // has put the focus on a field to type again (a wrong password).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on first showing
  useEffect(() => {
    const active = document.activeElement;
    const typing = active instanceof HTMLInputElement && active.type !== 'checkbox';
    if (error && !typing) box.current?.focus();
  }, []);

  async function start() {
    if (phase.kind === 'solving' || phase.kind === 'done') return;
    const stop = new AbortController();
    running.current = stop;
    setPhase({ kind: 'solving', share: 0 });
    try {
      const challenge = await createFetchClient().get<CaptchaChallenge>(
        `${CAPTCHA_PATH}?action=${action}`,
        { signal: stop.signal },
      );
      const number = await solveChallenge(challenge, {
        signal: stop.signal,
        onProgress: (share) => setPhase({ kind: 'solving', share }),
      });
      if (number === undefined) throw new Error('no solution');
      setPhase({ kind: 'done', proof: encodeSolution(challenge, number) });
    } catch {
      if (!stop.signal.aborted) setPhase({ kind: 'failed' });
    }
  }

  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  // Announced when it changes: the words, not every step of the percentage.
  const status =
    phase.kind === 'solving'
      ? t('captcha.solving')
      : phase.kind === 'done'
        ? t('captcha.done')
        : phase.kind === 'failed'
          ? t('captcha.failed')
          : '';
  // A stale "required" would contradict the check under way or done.
  const showError = error && phase.kind !== 'done' && phase.kind !== 'solving';
  const percent = phase.kind === 'solving' ? Math.round(phase.share * 100) : 0;

  return (
    <div className={styles.box} data-phase={phase.kind} aria-busy={phase.kind === 'solving'}>
      <label className={styles.check}>
        <input
          ref={box}
          type="checkbox"
          className={styles.input}
          checked={phase.kind === 'done'}
          onChange={() => void start()}
          aria-invalid={showError ? true : undefined}
          aria-describedby={[statusId, showError ? errorId : ''].filter(Boolean).join(' ')}
        />
        <span className={styles.label}>{t('captcha.label')}</span>
        {phase.kind === 'solving' ? <span className={styles.spinner} aria-hidden="true" /> : null}
      </label>
      {phase.kind === 'solving' ? (
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={t('captcha.solving')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className={styles.fill} style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      <p id={statusId} className={styles.status} role="status">
        {status || t('captcha.note')}
      </p>
      {showError ? (
        <p id={errorId} className={styles.error}>
          {errorText(t, error.code)}
        </p>
      ) : null}
      <input type="hidden" name={name} value={phase.kind === 'done' ? phase.proof : ''} />
    </div>
  );
}
