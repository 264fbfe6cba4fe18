import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for a third-party age verifier, following Veriff's documented API flow
// (decision 0054; the site's client is src/server/compliance/age-http.provider.ts):
//   POST  /v1/sessions                → {status:'success', verification:{id, url, status:'created'}}
//   POST  /v1/sessions/{id}/media     → the face image as a data URL, signed
//   PATCH /v1/sessions/{id}           → {verification:{status:'submitted'}}, signed
//   GET   /v1/sessions/{id}/decision  → {status:'success', verification: null | {id, code, status}}
// and the decision webhook to `webhookUrl`, signed with the shared secret. Every call must
// carry the API key (`X-AUTH-CLIENT`) and, where there is one, the hex HMAC-SHA256
// signature (`X-HMAC-SIGNATURE`) of the body (of the session id for GET decision): without
// them it answers 401, as the real one does. Tests steer it: decide at once or hold the
// decision, decline, or stall (never answer) to try the site's timeout.

export type FakeDecision = 'approved' | 'declined' | 'resubmission_requested';

const CODES: Record<FakeDecision, number> = {
  approved: 9001,
  declined: 9102,
  resubmission_requested: 9103,
};

export interface FakeSession {
  id: string;
  vendorData: string;
  /** The face image as received (decoded). */
  image: Buffer | undefined;
  status: 'created' | 'submitted' | FakeDecision;
  /** Every request body of the session, as sent, to prove what the site shared. */
  bodies: string[];
}

export interface FakeVerifierOptions {
  key: string;
  secret: string;
  /** What a submitted session gets; `hold` leaves it undecided until `decide` is called. */
  outcome?: FakeDecision | 'hold';
  /** Never answer any call (the site's timeout). */
  stall?: boolean;
  /** Where decisions are POSTed (the site's webhook); none when unset. */
  webhookUrl?: string;
}

export interface FakeVerifier {
  url: string;
  options: FakeVerifierOptions;
  sessions: Map<string, FakeSession>;
  /** Decides a held session and sends its webhook (when `webhookUrl` is set). */
  decide(id: string, decision: FakeDecision, opts?: { webhook?: boolean }): Promise<void>;
  /** The decision webhook's body for a session, as the verifier would send it. */
  webhookBody(id: string): string;
  sign(payload: string | Buffer): string;
  close(): Promise<void>;
}

const sign = (secret: string, payload: string | Buffer) =>
  createHmac('sha256', secret).update(payload).digest('hex');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeVerifier(options: FakeVerifierOptions): Promise<FakeVerifier> {
  const sessions = new Map<string, FakeSession>();
  const stalled = new Set<ServerResponse>();

  const verification = (session: FakeSession) => ({
    id: session.id,
    code: session.status in CODES ? CODES[session.status as FakeDecision] : null,
    status: session.status,
    reason: session.status === 'declined' ? 'Person appears to be under age' : null,
    reasonCode: session.status === 'declined' ? 111 : null,
    vendorData: session.vendorData,
    decisionTime: new Date().toISOString(),
    acceptanceTime: new Date().toISOString(),
  });

  const webhookBody = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    return JSON.stringify({
      status: 'success',
      verification: verification(session),
      technicalData: { ip: null },
    });
  };

  async function sendWebhook(id: string): Promise<void> {
    if (!options.webhookUrl) return;
    const body = webhookBody(id);
    await fetch(options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-auth-client': options.key,
        'x-hmac-signature': sign(options.secret, body),
      },
      body,
    });
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (options.stall) {
        stalled.add(res);
        return;
      }
      if (req.headers['x-auth-client'] !== options.key) {
        send(res, 401, { status: 'fail', code: 1801, message: 'Mandatory X-AUTH-CLIENT header' });
        return;
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      const match = /^\/v1\/sessions(?:\/([^/]+))?(\/media|\/decision)?$/.exec(url.pathname);
      if (!match) {
        send(res, 404, { status: 'fail', code: 1104, message: 'Not found' });
        return;
      }
      const [, id, tail] = match;
      const signedOver = req.method === 'GET' ? (id ?? '') : body;
      const signed = req.headers['x-hmac-signature'] === sign(options.secret, signedOver);
      if (id === undefined) {
        if (req.method !== 'POST') return send(res, 405, { status: 'fail' });
        const json = JSON.parse(body) as { verification?: { vendorData?: string } };
        const session: FakeSession = {
          id: randomUUID(),
          vendorData: String(json.verification?.vendorData ?? ''),
          image: undefined,
          status: 'created',
          bodies: [body],
        };
        sessions.set(session.id, session);
        send(res, 201, {
          status: 'success',
          verification: {
            id: session.id,
            url: `${fake.url}/v/${session.id}`,
            vendorData: session.vendorData,
            host: fake.url,
            status: 'created',
            sessionToken: 'fake-token',
          },
        });
        return;
      }
      const session = sessions.get(id);
      if (!session) return send(res, 404, { status: 'fail', code: 1104, message: 'Not found' });
      if (!signed) {
        send(res, 401, { status: 'fail', code: 1812, message: 'Signature is not valid' });
        return;
      }
      if (req.method !== 'GET') session.bodies.push(body);
      if (tail === '/media' && req.method === 'POST') {
        const json = JSON.parse(body) as { image?: { context?: string; content?: string } };
        const content = /^data:image\/jpeg;base64,(.+)$/.exec(json.image?.content ?? '');
        if (json.image?.context !== 'face' || !content?.[1]) {
          return send(res, 400, { status: 'fail', code: 1102, message: 'Mandatory parameters' });
        }
        session.image = Buffer.from(content[1], 'base64');
        send(res, 200, { status: 'success', image: { context: 'face', id: randomUUID() } });
        return;
      }
      if (tail === '/decision' && req.method === 'GET') {
        const decided = session.status !== 'created' && session.status !== 'submitted';
        send(res, 200, { status: 'success', verification: decided ? verification(session) : null });
        return;
      }
      if (tail === undefined && req.method === 'PATCH') {
        if (!session.image) return send(res, 400, { status: 'fail', message: 'No media' });
        session.status = 'submitted';
        const outcome = options.outcome ?? 'approved';
        if (outcome !== 'hold') session.status = outcome;
        send(res, 200, { status: 'success', verification: { id, status: 'submitted' } });
        if (outcome !== 'hold') void sendWebhook(id).catch(() => {});
        return;
      }
      send(res, 405, { status: 'fail' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeVerifier = {
    url: `http://127.0.0.1:${port}`,
    options,
    sessions,
    async decide(id, decision, opts = {}) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.status = decision;
      if (opts.webhook !== false) await sendWebhook(id);
    },
    webhookBody,
    sign: (payload) => sign(options.secret, payload),
    async close() {
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
