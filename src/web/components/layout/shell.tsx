import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, Outlet, useRouteLoaderData } from 'react-router';
import { TAG_WINDOW } from '../../../contracts/constants.ts';
import type { MainResponse } from '../../../contracts/discovery.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { appContext } from '../../app-context.ts';
import { DiscoveryStrip, mainStripsPath } from './discovery-strip.tsx';
import '../../styles/global.css';
import { CookieNotice } from './cookie-notice.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import styles from './shell.module.css';

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
  useEffect(() => {
    // Marks the page interactive: browser tests wait for this state.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('a11y.skipToContent')}
      </a>
      <Header />
      <main id="main" className={styles.main}>
        {root?.strips ? <DiscoveryStrip offset={root.stripOffset} /> : null}
        {children ?? <Outlet />}
      </main>
      <Footer />
      <CookieNotice />
    </>
  );
}
