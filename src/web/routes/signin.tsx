import { useSearchParams } from 'react-router';
import { safeBack } from '../../contracts/safe-back.ts';
import { AuthPage, Notice } from '../components/auth/auth-page.tsx';
import { LoginForm } from '../components/auth/login-form.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { errorText } from '../lib/errors.ts';
import { guestOnlyLoader } from '../lib/guards.ts';
import { enterAsMember } from '../lib/session.ts';

// The sign-in screen (SPEC.md §2 /signin/): the Login modal's form on a page of its own,
// for links, new tabs and the confirmation mail, which lands here with `?confirmed=1` (or
// `0` when its link had expired or was used), and the link of an email change opened where
// the member is not signed in, with `?email=changed` (or `expired`, `occupied`: decision
// 0034). A success goes to `back` when it is a path of this site, else to the main page, as
// a full page load so the server renders the member.

export const loader = guestOnlyLoader;

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const confirmed = params.get('confirmed');
  const email = params.get('email');
  const back = params.get('back');
  // A failed "Sign in with Google" lands here with its code (api/oidc.routes.ts).
  const google = params.get('google');
  return (
    <AuthPage title={t('login.title')}>
      <PageMeta title={t('login.title')} description={t('login.perks')} noindex />
      {confirmed === '1' ? <Notice>{t('signin.confirmed')}</Notice> : null}
      {confirmed === '0' ? <Notice tone="error">{t('signin.confirmFailed')}</Notice> : null}
      {email === 'changed' ? <Notice>{t('signin.emailChanged')}</Notice> : null}
      {email === 'expired' ? <Notice tone="error">{t('signin.emailLinkExpired')}</Notice> : null}
      {email === 'occupied' ? <Notice tone="error">{t('signin.emailTaken')}</Notice> : null}
      {google === 'sign_in_failed' ||
      google === 'too_many_attempts' ||
      google === 'staff_password_required' ||
      google === 'account_banned' ? (
        <Notice tone="error">{errorText(t, google)}</Notice>
      ) : null}
      <LoginForm onSignedIn={() => enterAsMember(safeBack(back))} />
    </AuthPage>
  );
}
