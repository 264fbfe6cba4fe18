import { Link, useLocation, useSearchParams } from 'react-router';
import styles from '../components/auth/auth.module.css';
import { AuthPage } from '../components/auth/auth-page.tsx';
import { NewPasswordForm, RestoreForm } from '../components/auth/restore-form.tsx';
import { SignupForm } from '../components/auth/signup-form.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { guestOnlyLoader } from '../lib/guards.ts';

// The one screen of /signup/ and /restore-password/ (SPEC.md §2: the two share a screen),
// in three modes by address: sign up, ask for a restore link, and, with the mail's
// `?token=`, set a new password. restore-password.tsx re-exports this module.

type Mode = 'signup' | 'restore' | 'reset';

const TITLES = {
  signup: 'signup.title',
  restore: 'restore.title',
  reset: 'restore.newTitle',
} as const satisfies Record<Mode, string>;

const DESCRIPTIONS = {
  signup: 'login.perks',
  restore: 'restore.intro',
  reset: 'restore.newIntro',
} as const satisfies Record<Mode, string>;

export const loader = guestOnlyLoader;

function modeOf(pathname: string, token: string): Mode {
  if (!pathname.startsWith('/restore-password')) return 'signup';
  return token ? 'reset' : 'restore';
}

export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mode = modeOf(pathname, token);
  const title = t(TITLES[mode]);
  return (
    <AuthPage title={title}>
      <PageMeta title={title} description={t(DESCRIPTIONS[mode])} noindex={mode !== 'signup'} />
      {/* Keyed by mode: moving between the modes starts a fresh form. */}
      <Forms key={mode} mode={mode} token={token} />
      {mode === 'signup' ? (
        <p className={styles.links}>
          <span>
            {t('signup.haveAccount')} <Link to="/signin/">{t('nav.login')}</Link>
          </span>
          <Link to="/restore-password/">{t('login.forgot')}</Link>
        </p>
      ) : (
        <p className={styles.links}>
          <Link to="/signin/">{t('restore.backToLogin')}</Link>
          <span>
            {t('login.noAccount')} <Link to="/signup/">{t('login.signup')}</Link>
          </span>
        </p>
      )}
    </AuthPage>
  );
}

function Forms({ mode, token }: { mode: Mode; token: string }) {
  const { t } = useTranslation();
  switch (mode) {
    case 'signup':
      return (
        <>
          <p className={styles.intro}>{t('login.perks')}</p>
          <SignupForm />
        </>
      );
    case 'restore':
      return <RestoreForm />;
    case 'reset':
      return <NewPasswordForm token={token} />;
  }
}
