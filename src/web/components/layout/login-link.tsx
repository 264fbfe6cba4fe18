import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOverlays } from '../overlays/overlays.tsx';

/** The login button: opens the Login modal; without JavaScript (or in a new tab) the page. */
export function LoginLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { openModal } = useOverlays();
  return (
    <Link
      to="/signin/"
      className={className}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        openModal('login');
      }}
    >
      {t('nav.login')}
    </Link>
  );
}
