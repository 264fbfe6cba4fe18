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
  /** The age gate the visitor gets: none, general or uk. */
  gate: string;
  /** Whether the visitor has confirmed the general gate. */
  confirmed: boolean;
  /** Phone or desktop, only when the layout ads differ by device. */
  device?: string | undefined;
}

export function pageKey(url: string, variant: PageVariant): string {
  const { lang, section, gate, confirmed, device } = variant;
  return `page:${lang}:${section}:${gate}:${confirmed ? 1 : 0}:${device ?? '-'}:${url}`;
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
