import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { ensureScreenMessages } from '../i18n/messages.client.ts';
import { preloadable } from '../lib/preloadable.tsx';
import { isVideoId } from '../route-handle.ts';

// The route `/videos/{sort}/{page}/`, which the video page `/videos/{id}/{dir}/` shares: it
// only tells them apart. The listing (videos-listing.tsx) and the video page (video.tsx) are
// chunks of their own, so neither page loads the other's code (issue 18). A page loads its
// chunk before it renders: the loader awaits it, and a page that starts as one of them loads
// it before hydrating (preloadForHydration), so it renders at once, never suspends (a
// Suspense boundary would stream after the footer and shift the layout, issue 14).

// The video page's words (messages.client.ts) come with its code.
const videoRoute = preloadable(() =>
  Promise.all([import('./video.tsx'), ensureScreenMessages()]).then(([m]) => m.VideoRoute),
);
const listingRoute = preloadable(() => import('./videos-listing.tsx').then((m) => m.Listing));
const VideoRoute = videoRoute.Component;
const ListingRoute = listingRoute.Component;

/**
 * Called by entry-client.tsx before hydrating a page of this route: the video page's
 * chunks (and its playlist strip), or the listing's with its categories panel.
 */
export async function preloadForHydration(pathname: string): Promise<unknown> {
  if (/^\/videos\/\d+\//.test(pathname)) {
    const [video] = await Promise.all([import('./video.tsx'), videoRoute.preload()]);
    return video.preloadVideoParts(new URL(window.location.href));
  }
  const [listing] = await Promise.all([import('./videos-listing.tsx'), listingRoute.preload()]);
  return listing.preloadCategoryPanel();
}

export async function loader(args: LoaderFunctionArgs) {
  if (isVideoId(args.params.sort)) {
    const [loaded] = await Promise.all([
      (await import('./video.tsx')).videoLoader(args),
      videoRoute.preload(),
    ]);
    return loaded;
  }
  const [loaded] = await Promise.all([
    (await import('./videos-listing.tsx')).listingLoader(args),
    listingRoute.preload(),
  ]);
  return loaded;
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === 'video') {
    return <VideoRoute id={loaded.id} playlist={loaded.playlist} />;
  }
  return <ListingRoute sort={loaded.sort} page={loaded.page} filters={loaded.filters} />;
}
