import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// In-process cache of public JSON responses, keyed by URL. The lifetime comes from the
// request path (SPEC.md §7 `{lifetime}` segment); entries are dropped least-recently-used
// first once the byte budget is spent. Compressed variants are made once, on first demand.

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedResponse {
  readonly key: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly etag: string;
  readonly expiresAt: number;
  /** A visitor's answer that members get differently: never served to a session. */
  readonly visitorOnly: boolean;
  /** Age-restricted content (decision 0025): never served to an asker from the UK. */
  readonly ageRestricted: boolean;
  /** The keys of the answers this one was made from (a page's API answers, decision 0058). */
  readonly madeFrom: readonly string[];
  br?: Buffer;
  gzip?: Buffer;
}

export interface CacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  evictions: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly maxBytes: number;
  private readonly now: () => number;
  private bytes = 0;
  private limitS: number | undefined;
  private hits = 0;
  private misses = 0;
  private evictions = 0;
  private forgetListener: ((pattern: RegExp | undefined) => void) | undefined;
  private readonly dropListeners: ((pattern: RegExp | undefined) => void)[] = [];

  constructor(maxBytes: number, now: () => number = Date.now) {
    this.maxBytes = maxBytes;
    this.now = now;
  }

  /**
   * While set, no answer is kept (here, and by browsers: the plugin lowers their
   * Cache-Control too) longer than this many seconds: for a while when much of what the
   * answers show is about to change (the demo's shared clips being made, decision 0033).
   * Lifting the limit drops what was kept meanwhile.
   */
  limitLifetime(maxS: number | undefined): void {
    if (maxS === undefined && this.limitS !== undefined) this.clear();
    this.limitS = maxS === undefined ? undefined : Math.max(0, Math.floor(maxS));
  }

  /** The lifetime an answer asking for `lifetimeS` gets now. */
  lifetimeFor(lifetimeS: number): number {
    return this.limitS === undefined ? lifetimeS : Math.min(lifetimeS, this.limitS);
  }

  /**
   * The live entry of `key`, moved to the most-recently-used end. A visitor-only entry counts
   * as a miss for a member; an age-restricted one for an asker from the UK, whom the UK gate
   * may hold back (the route decides, and answers such an asker privately).
   */
  get(
    key: string,
    opts: { member?: boolean; fromUk?: () => boolean } = {},
  ): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (
      !entry ||
      (opts.member && entry.visitorOnly) ||
      // Asked only of a restricted entry: reading the country may take a database lookup.
      (entry.ageRestricted && opts.fromUk?.() === true)
    ) {
      this.misses++;
      return undefined;
    }
    if (entry.expiresAt <= this.now()) {
      this.delete(key);
      this.misses++;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    return entry;
  }

  set(
    key: string,
    input: {
      status: number;
      headers: Record<string, string>;
      body: Buffer;
      lifetimeS: number;
      visitorOnly?: boolean;
      ageRestricted?: boolean;
      madeFrom?: readonly string[];
    },
  ): CachedResponse | undefined {
    const size = sizeOf(key, input.body);
    const lifetimeS = this.lifetimeFor(input.lifetimeS);
    if (this.maxBytes <= 0 || lifetimeS <= 0 || size > this.maxBytes / 8) return undefined;
    this.delete(key);
    const entry: CachedResponse = {
      key,
      status: input.status,
      headers: input.headers,
      body: ownCopy(input.body),
      etag: etagOf(input.body),
      visitorOnly: input.visitorOnly ?? false,
      ageRestricted: input.ageRestricted ?? false,
      madeFrom: input.madeFrom ?? [],
      expiresAt: this.now() + lifetimeS * 1000,
    };
    this.entries.set(key, entry);
    this.bytes += size;
    this.evictOverBudget();
    return entry;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(key, entry.body) + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);
  }

  /** Drops every entry whose key matches (after a write changes what it shows). */
  deleteMatching(pattern: RegExp): void {
    this.dropMatching(pattern);
    this.forgetListener?.(pattern);
  }

  /** Drops every entry whose key starts with the prefix (after a write changes the data). */
  deletePrefix(prefix: string): void {
    this.deleteMatching(new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
  }

  clear(): void {
    this.dropAll();
    this.forgetListener?.(undefined);
  }

  /**
   * Hears every forget made through this cache (not its evictions): the forget bus passes
   * them to the site's other processes, whose caches hold the same answers (decision 0050).
   */
  onForget(listener: (pattern: RegExp | undefined) => void): void {
    this.forgetListener = listener;
  }

  /**
   * Hears every forget applied here, made in this process or heard from another (not
   * evictions or expiry): what was made from these answers is out of date too (the page
   * cache, decision 0058).
   */
  onDrop(listener: (pattern: RegExp | undefined) => void): void {
    this.dropListeners.push(listener);
  }

  /** Drops every entry `test` picks (the page cache: pages made from forgotten answers). */
  dropWhere(test: (entry: CachedResponse) => boolean): void {
    for (const entry of [...this.entries.values()]) {
      if (test(entry)) this.delete(entry.key);
    }
  }

  /** A forget another process made (`undefined`: everything), applied here and not passed on. */
  forgetFromElsewhere(pattern: RegExp | undefined): void {
    if (pattern) this.dropMatching(pattern);
    else this.dropAll();
  }

  private dropMatching(pattern: RegExp): void {
    for (const key of [...this.entries.keys()]) {
      if (pattern.test(key)) this.delete(key);
    }
    for (const listener of this.dropListeners) listener(pattern);
  }

  private dropAll(): void {
    this.entries.clear();
    this.bytes = 0;
    for (const listener of this.dropListeners) listener(undefined);
  }

  /** The body in the requested encoding, compressing it the first time it is asked for. */
  encoded(entry: CachedResponse, encoding: Encoding): Buffer {
    if (encoding === 'identity' || entry.body.length < 1024) return entry.body;
    if (encoding === 'br') {
      if (!entry.br) {
        entry.br = ownCopy(
          brotliCompressSync(entry.body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 9,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
        );
        this.account(entry, entry.br.length);
      }
      return entry.br;
    }
    if (!entry.gzip) {
      entry.gzip = ownCopy(gzipSync(entry.body, { level: 8 }));
      this.account(entry, entry.gzip.length);
    }
    return entry.gzip;
  }

  stats(): CacheStats {
    return {
      entries: this.entries.size,
      bytes: this.bytes,
      hits: this.hits,
      misses: this.misses,
      evictions: this.evictions,
    };
  }

  private account(entry: CachedResponse, extra: number): void {
    if (this.entries.get(entry.key) !== entry) return;
    this.bytes += extra;
    // Compressed variants count against the budget like bodies: without this a cache full
    // of bodies grew by their br and gzip copies, past RESPONSE_CACHE_MB.
    this.evictOverBudget(entry.key);
  }

  /** Drops least-recently-used entries until the budget holds; `keep` is never dropped. */
  private evictOverBudget(keep?: string): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      if (key === keep) continue;
      this.delete(key);
      this.evictions++;
    }
  }
}

/**
 * The bytes in a buffer of their own. A small Buffer is often a view into a larger block:
 * `Buffer.from(string)` takes a slice of a 64 KB pool and the zlib sync functions answer a
 * slice of their 64 KB output chunk. Kept in the cache, each such view kept its whole block
 * alive (a 30-byte br copy held 64 KB), so the cache held many times the bytes it counted and
 * the server's memory grew with every new entry (decision 0027).
 */
export function ownCopy(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

function sizeOf(key: string, body: Buffer): number {
  // Key, body and a fixed allowance for the entry object and headers.
  return key.length * 2 + body.length + 512;
}

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Picks br, then gzip, from an Accept-Encoding header (q=0 refuses an encoding). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

/** True when an If-None-Match header matches the entity tag (weak comparison). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/** Video answers forgotten per statement: keeps a forget well inside the bus's payload. */
const VIDEOS_PER_FORGET = 200;

/**
 * Forgets the cached answers of videos (`/api/json/video/...`), and so the visitors' pages
 * made from them, after their media or their details changed.
 */
export function forgetCachedVideos(
  cache: Pick<ResponseCache, 'deleteMatching'>,
  videoIds: readonly number[],
): void {
  for (let start = 0; start < videoIds.length; start += VIDEOS_PER_FORGET) {
    const ids = videoIds.slice(start, start + VIDEOS_PER_FORGET).map((id) => Math.trunc(id));
    cache.deleteMatching(
      new RegExp(`^/api/json/video/\\d+/\\d+/\\d+/(?:${ids.join('|')})\\.json$`),
    );
  }
}

/**
 * Forgets the cached answers that show an object's comments or contents after a member
 * changed them, so the next reader sees the change instead of waiting out the lifetime.
 */
export function forgetCachedObject(
  cache: Pick<ResponseCache, 'deleteMatching'>,
  section: string,
  objectId: number,
): void {
  const id = String(objectId);
  cache.deleteMatching(new RegExp(`^/api/json/comments/\\d+/${section}/\\d+/\\d+/${id}\\.json$`));
  if (section === 'member') {
    cache.deleteMatching(new RegExp(`^/api/json/member/\\d+/[a-z]+/\\d+/\\d+/${id}\\.json$`));
    // Their favourites as others read them.
    cache.deleteMatching(new RegExp(`^/api/json/videos2/.*/favourites\\.${id}\\.`));
    // The member's friends, subscribers and subscriptions lists (object_id: the last slot).
    cache.deleteMatching(
      new RegExp(`^/api/json/members/\\d+/(friends|subscribers|subscriptions)/filt[^/]*\\.${id}/`),
    );
  }
  if (section === 'album') {
    cache.deleteMatching(new RegExp(`^/api/json/album/\\d+/\\d+/\\d+/${id}\\.json$`));
    // Album lists are few (a member's tab, the orientation lists): all of them go.
    cache.deleteMatching(/^\/api\/json\/albums\//);
  }
  if (section === 'playlist') {
    cache.deleteMatching(new RegExp(`^/api/json/playlist/\\d+/\\d+/\\d+/${id}\\.json$`));
    cache.deleteMatching(new RegExp(`^/api/json/videos2/.*/playlists\\.${id}\\.`));
  }
}
