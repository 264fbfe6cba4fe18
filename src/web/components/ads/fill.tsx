import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ADS_LIFETIME, adsPath } from '../../../contracts/ads.paths.ts';
import type { AdsResponse, HouseBanner, Offer } from '../../../contracts/ads.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './ads.module.css';
import {
  drawCreative,
  formatCountdown,
  OFFER_COUNTDOWN_MS,
  OFFER_DEADLINE_KEY,
  OFFER_RESTART_MS,
  offerDeadline,
} from './ads.ts';

// What fills a visitor's slot once the page runs: the house inventory of the visitor's
// country, one creative drawn from it (the affiliate offer with the page's chance, else a
// sister site's banner), rendered as the site's own markup. Loaded lazily by slot.tsx.

/** Opens off-site ads in a new tab; every ad link is marked sponsored (no ranking credit). */
export function AdLink({
  id,
  href,
  className,
  children,
}: {
  /** What its ad events name it (decision 0035). */
  id: string;
  href: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  const external = !href.startsWith('/');
  return (
    <a
      className={className ? `${styles.creative} ${className}` : styles.creative}
      data-ad-id={id}
      href={href}
      rel="sponsored noopener"
      target={external ? '_blank' : undefined}
    >
      {children}
    </a>
  );
}

/** The affiliate offer's countdown (SPEC.md §4, §9), kept across pages in the browser. */
function useOfferCountdown(): number {
  const [left, setLeft] = useState(OFFER_COUNTDOWN_MS);
  useEffect(() => {
    const read = () => {
      try {
        return window.localStorage.getItem(OFFER_DEADLINE_KEY);
      } catch {
        return null;
      }
    };
    const store = (value: number) => {
      try {
        window.localStorage.setItem(OFFER_DEADLINE_KEY, String(value));
      } catch {
        // Storage disabled: the countdown restarts on every page.
      }
    };
    let deadline = offerDeadline(read(), Date.now());
    store(deadline);
    const tick = () => {
      const now = Date.now();
      if (deadline <= now) {
        deadline = now + OFFER_RESTART_MS;
        store(deadline);
      }
      setLeft(deadline - now);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, []);
  return left;
}

function OfferCreative({ offer, link }: { offer: Offer; link: string }) {
  const { t } = useTranslation();
  const left = useOfferCountdown();
  return (
    <AdLink id={`offer-${offer.offer_id}`} href={link}>
      <span className={styles.copy}>
        {offer.pretitle ? <span className={styles.pretitle}>{offer.pretitle}</span> : null}
        <span className={styles.title}>{offer.title}</span>
        <span className={styles.line} data-offer-countdown="">
          {t('ads.offerEnds', { time: formatCountdown(left) })}
        </span>
      </span>
      <span className={styles.cta}>{t('ads.offerCta')}</span>
    </AdLink>
  );
}

function BannerCreative({ banner }: { banner: HouseBanner }) {
  const { t } = useTranslation();
  return (
    <AdLink id={banner.id} href={banner.url}>
      <span className={styles.copy}>
        <span className={styles.name}>{banner.name}</span>
        <span className={styles.line}>{t('ads.sisterTagline')}</span>
      </span>
      <span className={styles.cta}>{t('ads.visit', { name: banner.name })}</span>
    </AdLink>
  );
}

export default function SlotFill({ tags }: { tags: readonly string[] | null }) {
  const { user, country } = useGlobals();
  const inventory = useQuery({
    ...apiQuery<AdsResponse>(adsPath(ADS_LIFETIME, country)),
    // Members never get here (no slot); the guard keeps it so.
    enabled: user === null,
    staleTime: ADS_LIFETIME * 1000,
  }).data;
  const creative = useMemo(
    () => (inventory ? drawCreative(inventory, tags, Math.random) : null),
    [inventory, tags],
  );
  if (creative?.kind === 'offer')
    return <OfferCreative offer={creative.offer} link={creative.link} />;
  if (creative?.kind === 'banner') return <BannerCreative banner={creative.banner} />;
  return null;
}
