import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useOverlays } from '../overlays/overlays.tsx';

/**
 * The login button: opens the Login modal; without JavaScript (or in a new tab) the page.
 * `back`: where the sign-in goes on to (a members-only page the visitor asked for).
 */
export function LoginLink({
  className,
  back,
  children,
}: {
  className?: string;
  back?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { openModal } = useOverlays();
  return (
    <Link
      to={back ? `/signin/?back=${encodeURIComponent(back)}` : '/signin/'}
      className={className}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        openModal('login', { back });
      }}
    >
      {children ?? t('nav.login')}
    </Link>
  );
}
