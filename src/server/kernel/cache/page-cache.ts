import { type CachedResponse, ResponseCache } from './response-cache.ts';

// Visitors' rendered pages (decision 0058, issue 18): a page is kept as long as the API
// answers it was made from, under a key naming everything that changes a visitor's HTML, and
// dropped as soon as one of those answers is forgotten, in this process or, through the
// forget bus, in another. Members' pages are never kept. A ResponseCache of its own: its own
// byte budget, its own least-recently-used order, the same compressed variants.

/** What a visitor's page depends on beyond its address (decision 0058). */
export interface PageVariant {
  lang: string;
  /** The gender section (SPEC.md §1). */
  section: string;
  /**
   * A digest of the rest that reaches the HTML: the age gate the visitor gets and its
   * words (they follow the country), the country itself, the cookie notice, and the device
   * when the layout ads differ by device.
   */
  context: string;
}

export function pageKey(url: string, variant: PageVariant): string {
  return `page:${variant.lang}:${variant.section}:${variant.context}:${url}`;
}

export class PageCache {
  private readonly pages: ResponseCache;

  constructor(api: ResponseCache, maxBytes: number, now: () => number = Date.now) {
    this.pages = new ResponseCache(maxBytes, now);
    api.onDrop((pattern) => this.forgetMadeFrom(pattern));
  }

  get(key: string): CachedResponse | undefined {
    return this.pages.get(key);
  }

  /**
   * Keeps a rendered page: `madeFrom` are the API answers its render read, and `lifetimeS`
   * the shortest of their lifetimes (a page is never fresher than its data).
   */
  set(
    key: string,
    page: {
      headers: Record<string, string>;
      body: Buffer;
      lifetimeS: number;
      madeFrom: readonly string[];
    },
  ): CachedResponse | undefined {
    return this.pages.set(key, { status: 200, visitorOnly: true, ...page });
  }

  /** The body in an encoding, compressed once (as the API's answers are). */
  encoded(entry: CachedResponse, encoding: Parameters<ResponseCache['encoded']>[1]): Buffer {
    return this.pages.encoded(entry, encoding);
  }

  stats() {
    return this.pages.stats();
  }

  /** Drops the pages made from an answer `pattern` matches; every page for `undefined`. */
  private forgetMadeFrom(pattern: RegExp | undefined): void {
    if (!pattern) {
      this.pages.dropWhere(() => true);
      return;
    }
    this.pages.dropWhere((page) => page.madeFrom.some((key) => pattern.test(key)));
  }
}
