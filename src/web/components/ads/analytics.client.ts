import {
  AD_EVENTS_PATH,
  AD_EVENTS_PER_REPORT,
  type AdEvent,
  type AdEventKind,
  type AdSlot,
} from '../../../contracts/ads.paths.ts';
import type { PageAnalytics } from '../../ssr-types.ts';

// What runs once analytics are configured (decision 0035): the metrics counter's script,
// loaded once; the page-view tag, loaded for every page view and tried again every second
// until it loads (SPEC.md §1), a bounded number of times; and the ad spots' impressions
// (half of the ad in view) and clicks, gathered and sent in one beacon.

/** SPEC.md §1: a page-view tag that did not load is tried again a second later... */
export const TAG_RETRY_MS = 1000;
/** ...up to this many times in all: a provider that is down is not asked for ever. */
export const TAG_ATTEMPTS = 10;
/** Gathered ad events go out this long after the first, at a click, or when the page hides. */
export const REPORT_AFTER_MS = 2000;

let started = false;
let referrer = typeof document === 'undefined' ? '' : document.referrer;

function addScript(src: string, done?: (loaded: boolean) => void): void {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.onload = () => {
    script.remove();
    done?.(true);
  };
  script.onerror = () => {
    script.remove();
    done?.(false);
  };
  document.head.append(script);
}

/** The page-view tag of one page, with its address and the one before it. */
export function tagUrl(base: string, page: string, previous: string): string {
  const url = new URL(base);
  url.searchParams.set('url', page);
  if (previous) url.searchParams.set('ref', previous);
  return url.href;
}

function sendTag(src: string, attempt: number): void {
  addScript(src, (loaded) => {
    if (!loaded && attempt < TAG_ATTEMPTS) {
      setTimeout(() => sendTag(src, attempt + 1), TAG_RETRY_MS);
    }
  });
}

export function pageView(config: PageAnalytics, path: string): void {
  const page = `${window.location.origin}${path}`;
  if (!started) {
    started = true;
    if (config.counter) addScript(config.counter);
    if (config.adEvents) watchAdSpots();
  }
  if (config.tag) sendTag(tagUrl(config.tag, page, referrer), 1);
  referrer = page;
}

/**
 * Impressions and clicks of every ad on the page (an element with `data-ad-id` inside a
 * `data-ad-slot`), ads that fill in later or come with the next screen included.
 */
function watchAdSpots(): void {
  let queue: AdEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) {
      const events = queue.slice(0, AD_EVENTS_PER_REPORT);
      queue = queue.slice(AD_EVENTS_PER_REPORT);
      navigator.sendBeacon(AD_EVENTS_PATH, new URLSearchParams({ events: JSON.stringify(events) }));
    }
  };
  const record = (kind: AdEventKind, spot: Element) => {
    const slot = spot.closest('[data-ad-slot]')?.getAttribute('data-ad-slot');
    const ad = spot.getAttribute('data-ad-id');
    if (!slot || !ad) return;
    queue.push([kind, slot as AdSlot, ad]);
    timer ??= setTimeout(send, REPORT_AFTER_MS);
  };
  const inView = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.intersectionRatio < 0.5) continue;
        inView.unobserve(entry.target);
        record('i', entry.target);
      }
    },
    { threshold: 0.5 },
  );
  const watched = new WeakSet<Element>();
  const watch = () => {
    for (const spot of document.querySelectorAll('[data-ad-id]')) {
      if (watched.has(spot)) continue;
      watched.add(spot);
      inView.observe(spot);
    }
  };
  watch();
  new MutationObserver(watch).observe(document.body, { childList: true, subtree: true });
  document.addEventListener(
    'click',
    (event) => {
      const spot = event.target instanceof Element ? event.target.closest('[data-ad-id]') : null;
      if (!spot) return;
      record('c', spot);
      // A click on an ad often leaves the page: its events go now.
      send();
    },
    true,
  );
  window.addEventListener('pagehide', send);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
}
