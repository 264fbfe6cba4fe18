import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../../../db/client.ts';

// The forget bus (decision 0050): the response cache, the session lookups and the media
// visibility answers live in each process's memory. When one process forgets something (a
// takedown, a ban, a deleted comment), every other process of the site must forget it too,
// at once, or it keeps serving what staff just removed. The processes share one database, so
// the bus is PostgreSQL's LISTEN/NOTIFY: no other service to run. Forgets made in one tick
// go out as one notification; one that would not fit says "forget everything" instead, and so
// does a process that lost its listening connection for a while (it may have missed some).

export type Forget =
  /** Response cache entries whose key matches `pattern` (a RegExp source), or all of them. */
  | { kind: 'responses'; pattern?: string; flags?: string }
  /** The cached session lookups of a member. */
  | { kind: 'sessions'; userId: number }
  /** The cached visibility of a video's (or album's) media. */
  | { kind: 'media' | 'album'; id: number };

/** What a forget from elsewhere is applied to; `all` after a gap or an oversized batch. */
export type ApplyForget = (forget: Forget | 'all') => void;

const CHANNEL = 'afterglow_forget';
/** NOTIFY payloads must stay under 8000 bytes. */
const PAYLOAD_MAX = 7000;

export interface ForgetBus {
  /** Tells the other processes; this one has forgotten already. */
  publish(forget: Forget): void;
  /** Starts hearing the other processes' forgets. */
  listen(apply: ApplyForget): Promise<void>;
  close(): Promise<void>;
}

/** A bus that tells no one: one process (PGlite, or `CACHE_BUS=off`). */
export const LONE_PROCESS: ForgetBus = {
  publish() {},
  async listen() {},
  async close() {},
};

function parse(payload: string): { from: string; forgets: Forget[] | 'all' } | undefined {
  try {
    const value = JSON.parse(payload) as { from?: unknown; forgets?: unknown };
    if (typeof value.from !== 'string') return undefined;
    if (value.forgets === 'all') return { from: value.from, forgets: 'all' };
    if (!Array.isArray(value.forgets)) return undefined;
    return { from: value.from, forgets: value.forgets as Forget[] };
  } catch {
    return undefined;
  }
}

export function createForgetBus(
  database: Pick<Database, 'query' | 'listen'>,
  log: Pick<Logger, 'warn'>,
): ForgetBus {
  const self = randomUUID();
  let pending: Forget[] = [];
  let flushing = false;
  let listening: { close(): Promise<void> } | undefined;
  let closed = false;

  const send = async (forgets: Forget[]) => {
    let payload = JSON.stringify({ from: self, forgets });
    if (payload.length > PAYLOAD_MAX) payload = JSON.stringify({ from: self, forgets: 'all' });
    try {
      await database.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    } catch (error) {
      log.warn({ err: error }, 'could not tell the other processes what to forget');
    }
  };

  return {
    publish(forget) {
      if (closed) return;
      pending.push(forget);
      if (flushing) return;
      flushing = true;
      setImmediate(() => {
        const batch = pending;
        pending = [];
        flushing = false;
        void send(batch);
      });
    },
    async listen(apply) {
      listening = await database.listen(
        CHANNEL,
        (payload) => {
          const message = parse(payload);
          if (message?.from === self) return;
          try {
            if (!message || message.forgets === 'all') apply('all');
            else for (const forget of message.forgets) apply(forget);
          } catch (error) {
            // A forget this process cannot read (a newer version's?): forget everything.
            log.warn({ err: error }, 'unreadable forget from another process');
            apply('all');
          }
        },
        () => apply('all'),
      );
    },
    async close() {
      closed = true;
      await listening?.close();
    },
  };
}
