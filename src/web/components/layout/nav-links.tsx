import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { NAV_ITEMS } from './nav-items.ts';

/** The section links of the sidebar and the mobile menu; the open section is marked. */
export function NavLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ul className={className}>
      {NAV_ITEMS.map((item) => (
        <li key={item.to}>
          <Link to={item.to} aria-current={item.match.test(pathname) ? 'page' : undefined}>
            {t(item.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
