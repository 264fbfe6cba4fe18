import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FooterAd } from '../ads/footer-ad.tsx';
import { ContactLink } from '../contact/contact-link.tsx';
import { PlainLink } from '../plain-link.tsx';
import styles from './footer.module.css';
import { LanguagePicker } from './language-picker.tsx';

const INFO_LINKS = [
  ['terms', '/information/terms/'],
  ['privacy', '/information/privacy/'],
  ['cookies', '/information/cookies_policy/'],
  ['parental', '/information/parentalcontrol/'],
  ['dsa', '/information/eu-digital-services-act/'],
  ['dmca', '/information/dmca/'],
  ['support', '/information/support/'],
  ['records', '/information/2257/'],
  ['sitemap', '/sitemap-page/'],
] as const;

export function Footer() {
  const { t } = useTranslation();
  const { site } = useGlobals();
  // SPEC.md §1: the copyright line carries the current year.
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <FooterAd />
        <nav className={styles.links} aria-label={site.name}>
          {INFO_LINKS.map(([key, href]) => (
            <PlainLink key={key} to={href}>
              {t(`footer.${key}`)}
            </PlainLink>
          ))}
          <ContactLink />
        </nav>
        <p className={styles.rta}>
          <a
            href="https://www.rtalabel.org/"
            rel="noopener noreferrer nofollow"
            target="_blank"
            className={styles.rtaBadge}
          >
            RTA
          </a>
          <span>
            {t('footer.rta')}{' '}
            <PlainLink to="/information/parentalcontrol/">{t('footer.rtaMore')}</PlainLink>
          </span>
        </p>
        <LanguagePicker place="footer" />
        <p className={styles.copyright}>{t('footer.copyright', { year, site: site.name })}</p>
      </div>
    </footer>
  );
}
