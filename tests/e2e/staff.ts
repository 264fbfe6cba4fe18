import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// Staff accounts for browser tests, made as an operator makes them (decision 0038): the real
// `npm run staff -- add … --create` on the site's data directory while the site is stopped
// (PGlite lets one process open it). What it prints once is what the test signs in with.

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface StaffAccount {
  password: string;
  /** The authenticator key (base32). */
  secret: string;
  recovery: string[];
}

export async function addStaffAccount(
  dataDir: string,
  username: string,
  role: 'admin' | 'moderator',
): Promise<StaffAccount> {
  const { stdout } = await promisify(execFile)(
    path.join(ROOT, 'node_modules/.bin/node'),
    [
      'src/server/commands/staff.cli.ts',
      'add',
      username,
      '--role',
      role,
      '--create',
      '--email',
      `${username}@staff.test`,
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
  );
  const account = {
    password: /Password \(shown once\): (\S+)/.exec(stdout)?.[1] ?? '',
    secret: /secret: ([A-Z2-7]+)/.exec(stdout)?.[1] ?? '',
    recovery: [...stdout.matchAll(/^ {2}([a-z2-9]{5}-[a-z2-9]{5})$/gm)].map((m) => m[1] ?? ''),
  };
  if (account.password === '' || account.secret === '') {
    throw new Error(`the staff command printed no password or key for ${username}:\n${stdout}`);
  }
  return account;
}
