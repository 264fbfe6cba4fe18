import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { COOKIE_NOTICE_COOKIE } from '../src/contracts/constants.ts';
import { launchBrowser, waitForHydration } from '../tests/e2e/browser.ts';
import { startServer } from '../tests/e2e/server.ts';
import { SCREEN_SIZES, SCREENS, type ScreenSize, SiteLookup } from '../tests/support/screens.ts';

// `npm run screenshots`: every screen of SPEC.md §2 (tests/support/screens.ts) at a phone
// (375x812, touch) and a laptop (1366x768), as a visitor or as the demo member, from the
// built site on a fresh demo catalogue. Writes screenshots/{size}/NN-name.png and
// screenshots/index.html, a contact sheet to look at all of them in a minute. The folder is
// git-ignored. Options: --only <text> (screens whose name holds it), --full (whole pages).

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'screenshots');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const fullPage = args.includes('--full');

const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

async function signedIn(context: BrowserContext, baseUrl: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/signin/`);
  await waitForHydration(page);
  const form = page.locator('main form');
  await form.getByLabel('Username').fill('demo');
  await form.getByLabel('Password').fill('demo-password');
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.close();
}

async function main(): Promise<void> {
  const screens = SCREENS.filter((screen) => !only || screen.name.includes(only));
  console.log(`starting the built site (a fresh demo catalogue) for ${screens.length} screens`);
  const site = await startServer({ LOG_LEVEL: 'error' });
  const browser = await launchBrowser();
  const lookup = new SiteLookup(site.url);
  const shots: { size: ScreenSize; name: string; file: string; path: string }[] = [];
  try {
    await rm(outDir, { recursive: true, force: true });
    for (const size of Object.keys(SCREEN_SIZES) as ScreenSize[]) {
      await mkdir(path.join(outDir, size), { recursive: true });
      const contexts = new Map<boolean, BrowserContext>();
      for (const member of [false, true]) {
        const context = await browser.newContext(SCREEN_SIZES[size]);
        // The cookie notice would cover every screenshot's lower part: acknowledged here
        // (the home page is also taken once with it, as a first visit sees it).
        await context.addCookies([{ name: COOKIE_NOTICE_COOKIE, value: '1', url: site.url }]);
        if (member) await signedIn(context, site.url);
        contexts.set(member, context);
      }
      const firstVisit = await browser.newContext(SCREEN_SIZES[size]);
      const list = [
        { name: 'first visit', path: async () => '/', context: firstVisit },
        ...screens
          .filter((screen) => screen.sizes?.includes(size) ?? true)
          .map((screen) => ({ ...screen, context: contexts.get(screen.member === true) })),
      ];
      for (const [index, screen] of list.entries()) {
        const page = await (screen.context as BrowserContext).newPage();
        try {
          const target = await screen.path(lookup);
          await page.goto(`${site.url}${target}`);
          await waitForHydration(page);
          await page.waitForLoadState('load');
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await ('open' in screen && screen.open ? screen.open(page) : undefined);
          // Media keep the network busy: a quiet moment is waited for, not required.
          await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
          const file = `${size}/${String(index).padStart(2, '0')}-${slug(screen.name)}.png`;
          await page.screenshot({ path: path.join(outDir, file), fullPage });
          shots.push({ size, name: screen.name, file, path: target });
          console.log(`${file}  ${target}`);
        } catch (error) {
          console.error(`${size} ${screen.name}: ${(error as Error).message.split('\n')[0]}`);
        } finally {
          await page.close();
        }
      }
      for (const context of [...contexts.values(), firstVisit]) await context.close();
    }
  } finally {
    await browser.close();
    await site.stop();
  }
  await writeFile(path.join(outDir, 'index.html'), contactSheet(shots));
  console.log(`${shots.length} screenshots; open ${path.join(outDir, 'index.html')}`);
}

function contactSheet(shots: { size: ScreenSize; name: string; file: string; path: string }[]) {
  const html = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const rows = [...new Set(shots.map((shot) => shot.name))].map((name) => {
    const cells = (['phone', 'desktop'] as const).map((size) => {
      const shot = shots.find((s) => s.name === name && s.size === size);
      return shot
        ? `<a href="${shot.file}"><img src="${shot.file}" alt="${html(name)} (${size})" loading="lazy"></a>`
        : '<span></span>';
    });
    const where = shots.find((s) => s.name === name)?.path ?? '';
    return `<section><h2>${html(name)} <small>${html(where)}</small></h2><div>${cells.join('')}</div></section>`;
  });
  return `<!doctype html><meta charset="utf-8"><title>Afterglow screenshots</title>
<style>body{background:#222;color:#eee;font:14px system-ui;margin:16px}section{margin:0 0 28px}
h2{font-size:15px}small{color:#aaa;font-weight:normal}div{display:flex;gap:16px;align-items:flex-start}
img{border:1px solid #555;display:block}a:first-child img{width:300px}a:last-child img{width:820px}</style>
<h1>Afterglow: every screen at 375x812 (touch) and 1366x768</h1>${rows.join('\n')}\n`;
}

await main();
