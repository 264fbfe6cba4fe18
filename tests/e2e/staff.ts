import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { totpCode } from '../../src/server/staff/second-factor.ts';
import { waitForHydration } from './browser.ts';
import { expectOnScreen, press } from './on-screen.ts';
import { type RunningServer, startServer } from './server.ts';
import { tempDir } from './temp-dirs.ts';

// Staff accounts for browser tests, made as an operator makes them (decision 0038): the real
// `npm run staff -- add … --create` on the site's data directory while the site is stopped
// (PGlite lets one process open it). What it prints once is what the test signs in with.
// Also the steps the console's browser tests share: a site of their own, signing in, pressing.

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

/**
 * A site of its own for a console test: the demo loads into a fresh data directory, then,
 * with the site stopped (PGlite lets one process open it), `prepare` runs (seeding) and the
 * staff accounts are made, as an operator would; then the site starts again.
 */
export async function startStaffSite(opts: {
  name: string;
  env: Record<string, string>;
  staff: Record<string, 'admin' | 'moderator'>;
  prepare?: (dataDir: string) => Promise<void>;
}): Promise<{ site: RunningServer; accounts: Map<string, StaffAccount> }> {
  const dataDir = await tempDir(opts.name);
  const env = { ...opts.env, DATA_DIR: dataDir };
  await (await startServer(env)).stop();
  await opts.prepare?.(dataDir);
  const accounts = new Map<string, StaffAccount>();
  for (const [username, role] of Object.entries(opts.staff)) {
    accounts.set(username, await addStaffAccount(dataDir, username, role));
  }
  return { site: await startServer(env), accounts };
}

/** Opens a path of `site` and waits until the page is hydrated. */
export async function openOn(site: RunningServer, page: Page, pathname: string): Promise<void> {
  await page.goto(`${site.url}${pathname}`);
  await waitForHydration(page);
}

/**
 * Signs in through the Login modal as a person does; staff answer a TOTP code too. Waits
 * until the page has reloaded signed in.
 */
export async function signInByModal(
  site: RunningServer,
  page: Page,
  username: string,
  password: string,
  secret?: string,
): Promise<void> {
  await openOn(site, page, '/');
  await page.locator('header').getByRole('link', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  if (secret) {
    const code = dialog.getByLabel('Code', { exact: true });
    await code.waitFor();
    await code.fill(await totpCode(secret));
    await dialog.getByRole('button', { name: 'Verify' }).click();
  }
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'sid'))
    .toBe(true);
  await waitForHydration(page);
  await expect
    .poll(() => page.locator('header').getByRole('link', { name: 'Log in' }).count())
    .toBe(0);
}

/** On screen, not covered, then pressed as the device does (a tap, or a click). */
export async function pressSeen(page: Page, target: Locator, touch: boolean): Promise<void> {
  await expectOnScreen(page, target);
  await press(target, touch);
}

/**
 * A member with a published video of their own (tests/e2e/seed-moderation.ts), made on the
 * stopped site's data directory; answers their id and the video's.
 */
export async function seedModerationMember(
  dataDir: string,
  username: string,
  password: string,
  lang = 'en',
  /** The video waiting for review has no 2257 record (decision 0055). */
  withoutRecord = false,
): Promise<{ userId: number; published: number; waiting: number }> {
  const { stdout } = await promisify(execFile)(
    path.join(ROOT, 'node_modules/.bin/node'),
    [
      'tests/e2e/seed-moderation.ts',
      dataDir,
      username,
      password,
      lang,
      ...(withoutRecord ? ['no-record'] : []),
    ],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn' } },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
}

/** The headers the web app's calls carry (X-Requested-With, JSON wanted). */
export const AJAX = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };

/**
 * Signs a staff member in through the two calls of the sign-in (the password, then the TOTP
 * code), for tests about what comes after; the Login modal has its own test (signInByModal).
 */
export async function signInStaffByApi(
  context: BrowserContext,
  siteUrl: string,
  username: string,
  account: Pick<StaffAccount, 'password' | 'secret'> | undefined,
): Promise<void> {
  const { password, secret } = account ?? { password: '', secret: '' };
  const first = await context.request.post(`${siteUrl}/api/login.php`, {
    form: { usr: username, pwd: password },
    headers: AJAX,
  });
  const challenge = ((await first.json()) as { info?: { challenge?: string } }).info?.challenge;
  const second = await context.request.post(`${siteUrl}/api/login.php`, {
    form: { challenge: challenge ?? '', otp: await totpCode(secret) },
    headers: AJAX,
  });
  expect(second.status()).toBe(200);
}
