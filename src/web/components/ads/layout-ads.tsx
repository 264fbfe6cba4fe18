import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { AdsPlaceName, PageAds, PageCreative } from '../../ssr-types.ts';
import styles from './layout-ads.module.css';

// The operator's layout ads (SPEC.md §1, §2 "Layout"; decision 0035), as the server chose
// them for this visitor's device. Every one is marked as an ad, links out with
// rel="sponsored noopener", and has its size in the first HTML.

/** SPEC.md §2: the promo banner is not shown on information pages. */
export function isInformationPage(pathname: string): boolean {
  return pathname.startsWith('/information/');
}

function Banner({
  slot,
  creative,
  className,
}: {
  slot: 'promo' | 'header';
  creative: PageCreative;
  className: string | undefined;
}) {
  const { t } = useTranslation();
  const { id, type, src, url, width, height, alt } = creative;
  return (
    <aside
      className={className ? `${styles.banner} ${className}` : styles.banner}
      // Its own size, scaled down to the width there is: the space is kept before it loads.
      style={{ width, aspectRatio: `${width} / ${height}` }}
      aria-label={t('ads.label')}
      data-ad-slot={slot}
    >
      <span className={styles.tag}>{t('ads.tag')}</span>
      {type === 'iframe' ? (
        <iframe
          src={src}
          title={alt || t('ads.label')}
          width={width}
          height={height}
          data-ad-id={id}
          // A framed ad runs its own script and may open its offer in a new tab; it can never
          // move this page, and a frame from our own origin gets no access to it.
          sandbox={`allow-scripts allow-popups allow-popups-to-escape-sandbox${src.startsWith('/') ? '' : ' allow-same-origin'}`}
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <a href={url} rel="sponsored noopener" target="_blank" data-ad-id={id}>
          <img src={src} alt={alt} width={width} height={height} decoding="async" />
        </a>
      )}
    </aside>
  );
}

function PromoButton({ href, className }: { href: string; className: string | undefined }) {
  const { t } = useTranslation();
  return (
    <a
      className={className ? `${styles.promoButton} ${className}` : styles.promoButton}
      href={href}
      rel="sponsored noopener"
      target="_blank"
      data-ad-slot="button"
      data-ad-id="button"
    >
      {t('ads.promoButton')} <span className={styles.inlineTag}>{t('ads.tag')}</span>
    </a>
  );
}

export function LayoutAds({ place, ads }: { place: AdsPlaceName; ads: PageAds }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (place === 'button') {
    return ads.button ? <PromoButton href={ads.button} className={styles.wide} /> : null;
  }
  if (place === 'links') {
    // In the tag strip: the promo button where the header has no room for it (up to
    // 1024 px), then the promo links, marked as ads.
    return (
      <>
        {ads.button ? (
          <li className={styles.notWide}>
            <PromoButton href={ads.button} className={undefined} />
          </li>
        ) : null}
        {ads.links.map((link) => (
          <li key={link.id}>
            <a
              className={styles.promoLink}
              href={link.url}
              rel="sponsored noopener"
              target={link.url.startsWith('/') ? undefined : '_blank'}
              data-ad-slot="links"
              data-ad-id={link.id}
            >
              <span className={styles.inlineTag}>{t('ads.tag')}</span> {link.label}
            </a>
          </li>
        ))}
      </>
    );
  }
  const promo = isInformationPage(pathname) ? undefined : ads.promo;
  if (!ads.header && !promo) return null;
  return (
    <div className={styles.top}>
      {ads.header ? <Banner slot="header" creative={ads.header} className={styles.phone} /> : null}
      {promo ? <Banner slot="promo" creative={promo} className={undefined} /> : null}
    </div>
  );
}
