import { lazy, Suspense } from 'react';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import type { CaptchaAction } from '../../../contracts/captcha.ts';
import { useInBrowser } from '../../hooks/use-in-browser.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './captcha-widget.module.css';

// Where a form shows the captcha (decision 0023): the widget's code is a chunk of its own,
// loaded only when a form needs it, so no page's first paint pays for it. Put it inside
// the <form>: the proof travels as the hidden field `captcha` (FormData sees it). Its words
// live in the account screens' messages (locales/account), which account forms load. Give it a new
// `key` after a failed submit: a proof works once.
//
// The server and the hydration render the check greyed out: the live one appears once its
// chunk has run in the browser (useInBrowser; a tick on the server's box was lost).

const CaptchaWidget = lazy(() => import('./captcha-widget.tsx'));

/** The check as it looks before it can be ticked: same size, so the form does not jump. */
function CaptchaWaiting() {
  const { t } = useTranslation();
  return (
    <div className={styles.box} data-phase="loading" aria-busy="true">
      <label className={styles.check}>
        <input type="checkbox" className={styles.input} disabled />
        <span className={styles.label}>{t('captcha.label')}</span>
      </label>
      <p className={styles.status}>{t('captcha.note')}</p>
    </div>
  );
}

export function CaptchaField(props: { action: CaptchaAction; error?: FieldError | undefined }) {
  const inBrowser = useInBrowser();
  if (!inBrowser) return <CaptchaWaiting />;
  return (
    <Suspense fallback={<CaptchaWaiting />}>
      <CaptchaWidget {...props} />
    </Suspense>
  );
}
