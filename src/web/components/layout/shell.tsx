import { type ReactNode, useEffect } from 'react';
import { type LoaderFunctionArgs, Outlet, useMatches, useRouteLoaderData } from 'react-router';
import { TAG_WINDOW } from '../../../contracts/constants.ts';
import type { MainResponse } from '../../../contracts/discovery.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { appContext } from '../../app-context.ts';
import { useScrollRestoration } from '../../hooks/use-scroll-restoration.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { hidesStrips, type RouteHandle } from '../../route-handle.ts';
import { AdsPlace } from '../ads/ads-place.tsx';
import { Analytics } from '../ads/analytics.tsx';
import { AgeGateFrame } from '../age-gate/age-gate.tsx';
import { OverlayProvider } from '../overlays/overlays.tsx';
import { DiscoveryStrip, mainStripsPath } from './discovery-strip.tsx';
import '../../styles/global.css';
import { CookieNotice } from './cookie-notice.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import styles from './shell.module.css';
import { Sidebar } from './sidebar.tsx';

/**
 * Data of the layout: the strips above the content, and where the tag window starts
 * (random, chosen once here so the server and the browser render the same window).
 */
export async function rootLoader({ context }: LoaderFunctionArgs) {
  const { queryClient, globals } = context.get(appContext);
  const stripOffset = Math.floor(Math.random() * TAG_WINDOW * 2);
  try {
    await queryClient.ensureQueryData(
      apiQuery<MainResponse>(mainStripsPath(globals.gender, globals.lang)),
    );
    return { stripOffset, strips: true };
  } catch {
    // The strips are a convenience: a page renders without them.
    return { stripOffset, strips: false };
  }
}

/** The layout around every screen (SPEC.md §2 "Layout"). */
export function Shell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  // SPEC.md §2: sign-in, sign-up, restore-password and 404 use the full width.
  const fullWidth = useMatches().some(
    (match) => (match.handle as RouteHandle | undefined)?.fullWidth,
  );
  const noStrips = useMatches().some(hidesStrips);
  // Each navigation opens the new page at its top (or #anchor); Back returns to where it was.
  useScrollRestoration();
  useEffect(() => {
    // Marks the page interactive: browser tests wait for this state.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <OverlayProvider>
      <AgeGateFrame>
        <a className="skip-link" href="#main">
          {t('a11y.skipToContent')}
        </a>
        <Header />
        <div className={fullWidth ? `${styles.frame} ${styles.full}` : styles.frame}>
          {fullWidth ? null : <Sidebar />}
          <main id="main" className={styles.main}>
            {/* The video page shows its player first (decision 0029): no banner above it. */}
            {noStrips ? null : <AdsPlace place="top" />}
            {root?.strips && !noStrips ? <DiscoveryStrip offset={root.stripOffset} /> : null}
            {children ?? <Outlet />}
          </main>
        </div>
        <Footer />
        <CookieNotice />
        <Analytics />
      </AgeGateFrame>
    </OverlayProvider>
  );
}
