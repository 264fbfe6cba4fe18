import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { ROLE_IDS } from '../../src/server/kernel/access/roles.ts';
import { signInAs, type TestSession } from './session.ts';

/**
 * A signed-in moderator or administrator. The account is made staff before its session's
 * first request (the viewer is read and cached then), and the session is taken to have passed
 * the second factor (decision 0038; the staff sign-in tests walk the code step itself).
 */
export async function signInAsStaff(
  app: FastifyInstance,
  database: Database,
  role: 'moderator' | 'administrator',
  username?: string,
): Promise<TestSession> {
  const session = await signInAs(app, database, username);
  await database.query('UPDATE users SET role = $2 WHERE id = $1', [
    session.userId,
    ROLE_IDS[role],
  ]);
  await database.query('UPDATE sessions SET second_factor = true WHERE user_id = $1', [
    session.userId,
  ]);
  return session;
}
