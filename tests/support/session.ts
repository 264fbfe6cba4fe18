import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { hashPassword } from '../../src/server/kernel/passwords.ts';

// A confirmed member with a password, signed in through the real login call: the cookie and
// CSRF token a browser would hold.

export interface TestSession {
  userId: number;
  username: string;
  cookie: string;
  csrf: string;
  /** Headers of a signed-in POST. */
  headers: Record<string, string>;
  /** The Set-Cookie line that started the session, attributes included. */
  setCookie: string;
}

let counter = 0;

export async function signInAs(
  app: FastifyInstance,
  database: Pick<Database, 'query'>,
  username = `signed${++counter}`,
): Promise<TestSession> {
  const password = 'test-password';
  const [row] = await database.query<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, status) VALUES ($1, $2, $3, 1)
     ON CONFLICT DO NOTHING RETURNING id`,
    [username, `${username.toLowerCase()}@test.example`, await hashPassword(password)],
  );
  if (!row) throw new Error(`user ${username} exists already`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/login.php',
    payload: { usr: username, pwd: password },
  });
  // `__Host-sid` when the app's PUBLIC_URL is https.
  const sid = res.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
  if (res.statusCode !== 200 || !sid) throw new Error(`sign-in failed: ${res.body}`);
  const cookie = `${sid.name}=${sid.value}`;
  const csrf = String(res.json().csrf);
  const lines = res.headers['set-cookie'];
  const setCookie =
    [lines ?? []].flat().find((line) => line.startsWith(`${sid.name}=${sid.value}`)) ?? '';
  return {
    setCookie,
    userId: Number(row.id),
    username,
    cookie,
    csrf,
    headers: { cookie, 'x-csrf-token': csrf },
  };
}
