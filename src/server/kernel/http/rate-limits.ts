import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CounterRepository } from '../db/counter.repository.ts';

// Every route's `config.rateLimit` counts in the database (decision 0024), so a restart
// keeps the limits and several processes on one database share them. Each route's keys
// are prefixed with its method and URL pattern (never the requested path), so two routes
// never share a count and the keys are bounded by the routes times the callers.

export const PRUNE_EVERY_MS = 5 * 60_000;
const PRUNE_BATCH = 5000;

/**
 * What `child` really gets: the route's merged limit options, the route under `routeInfo`
 * (the plugin's types say it is the route itself).
 */
interface LimitOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

export function databaseStore(counters: CounterRepository, log: FastifyBaseLogger) {
  class DatabaseStore implements FastifyRateLimitStore {
    readonly prefix: string;

    // The plugin constructs the root store with its options, which this store has no use for.
    constructor(_options?: unknown, prefix = 'route:') {
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counters.hit(`${this.prefix}${key}`, timeWindow).then(
        (state) => callback(null, { current: state.hits, ttl: state.ttlMs }),
        (error: unknown) => {
          log.warn({ err: error }, 'rate limit not counted');
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { routeInfo } = options as unknown as LimitOptions;
      const method = [routeInfo?.method ?? ''].flat().join(',');
      return new DatabaseStore(undefined, `${this.prefix}${method}${routeInfo?.url ?? ''}:`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

export default fp(
  async (app: FastifyInstance, opts: { counters: CounterRepository }) => {
    await app.register(rateLimit, {
      global: false,
      store: databaseStore(opts.counters, app.log),
      // Fail open: every limited route needs the database itself, so an uncounted request
      // fails there anyway, and a database hiccup should not read as "too many requests".
      skipOnError: true,
    });

    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    const prune = async () => {
      try {
        while ((await opts.counters.prune(PRUNE_BATCH)) === PRUNE_BATCH) {
          // More expired rows than one batch: the next batch after other queries had a turn.
          await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        app.log.warn({ err: error }, 'expired rate limits not pruned');
      }
    };
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        running = running.then(prune);
      }, PRUNE_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'rate-limits' },
);
