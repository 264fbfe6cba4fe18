import { Link } from 'react-router';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LoginLink } from './login-link.tsx';

// member-paths.ts UPLOAD_PATH; written out here so that module stays out of the first paint.
const UPLOAD = '/upload-video/';

/**
 * The Upload entry of the sidebar and the mobile menu. A visitor gets the Login modal
 * (SPEC.md §6) and, signed in, goes on to the upload screen; without JavaScript (or in a new
 * tab) the sign-in page with the same destination.
 */
export function UploadLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { user } = useGlobals();
  return user ? (
    <Link to={UPLOAD} className={className}>
      {t('nav.upload')}
    </Link>
  ) : (
    <LoginLink className={className} back={UPLOAD}>
      {t('nav.upload')}
    </LoginLink>
  );
}
