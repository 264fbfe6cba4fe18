import { useGlobals } from '../../hooks/use-globals.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import type { AdsPlaceName } from '../../ssr-types.ts';

// Where the operator's layout ads go (decision 0035): the promo button in the header, the
// header banner and the promo banner above the content, the promo links in the tag strip.
// Their code is a chunk of its own that only a visitor's page of a site with such ads
// loads, before it hydrates (entry-client.tsx; the server too, entry-server.tsx), so it
// renders with the page. No Suspense boundary: the server would stream a boundary late in
// the page as a fallback swapped by script, and the strip would move when it came.

const layoutAds = preloadable(() => import('./layout-ads.tsx').then((m) => m.LayoutAds));
const LayoutAds = layoutAds.Component;

export const preloadLayoutAds = layoutAds.preload;

/** The chunk's manifest key: the server links its stylesheet in the page's head. */
export const LAYOUT_ADS_MODULE = 'src/web/components/ads/layout-ads.tsx';

export function AdsPlace({ place }: { place: AdsPlaceName }) {
  const { ads, user } = useGlobals();
  if (!ads || user) return null;
  return <LayoutAds place={place} ads={ads} />;
}
