import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Messages } from './i18n.ts';

// The browsing screens load the first-paint messages and the screens' part, not the account
// part (messages.client.ts, decision 0061). A word of the account part named by a browsing
// screen would show as its key in the browser (and differ from the server's render, which
// has every part). So: every message key written in the code a browsing screen reaches,
// through its imports, is in the first two parts. Imports on a line that loads the account
// part with the module (`withAccountMessages`, `ensureAccountMessages`) are not followed.

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCALES = path.join(WEB, 'i18n', 'locales');
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, file), 'utf8')) as Messages;

const first = read('en.json');
const screens = read('screens/en.json');
const account = read('account/en.json');
const sections = new Set([first, screens, account].flatMap((part) => Object.keys(part)));

function has(messages: Messages, key: string): boolean {
  const found = (k: string) => {
    let node: unknown = messages;
    for (const part of k.split('.')) {
      if (node === null || typeof node !== 'object') return false;
      node = (node as Messages)[part];
    }
    return node !== undefined;
  };
  return (
    found(key) || ['zero', 'one', 'two', 'few', 'many', 'other'].some((n) => found(`${key}_${n}`))
  );
}

/** The source files a set of modules reaches, not through an account-part import. */
function reached(roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file) || !existsSync(file) || file.includes('node_modules')) continue;
    seen.add(file);
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/AccountMessages/.test(line)) continue;
      for (const m of line.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g)) {
        queue.push(path.resolve(path.dirname(file), m[1] ?? ''));
      }
    }
  }
  return [...seen].filter((file) => file.startsWith(WEB) && !file.includes('.test.'));
}

/** Message keys a file names: 'section.key' literals, and `section.key.${…}` prefixes. */
function namedKeys(file: string): string[] {
  const keys: string[] = [];
  for (const m of readFileSync(file, 'utf8').matchAll(/['"`]([a-zA-Z]+\.[\w.]*)(\$\{)?/g)) {
    const text = m[1] ?? '';
    if (!sections.has(text.split('.')[0] ?? '')) continue;
    // `a.b.${x}` names the group a.b; `a.b${x}` the group a.
    const parts = text.split('.');
    if (m[2]) parts.pop();
    const key = parts.filter(Boolean).join('.');
    if (key) keys.push(key);
  }
  return keys;
}

describe('message parts', () => {
  it('gives the browsing screens every word they name without the account part', () => {
    const routes = readFileSync(path.join(WEB, 'routes.tsx'), 'utf8');
    const browsing = [...routes.matchAll(/withScreenMessages\(\(\) => import\('\.\/([^']+)'\)/g)];
    expect(browsing.length).toBeGreaterThan(10);
    const roots = [
      path.join(WEB, 'routes.tsx'),
      ...browsing.map((m) => path.join(WEB, m[1] ?? '')),
    ];
    const missing = reached(roots).flatMap((file) =>
      namedKeys(file)
        .filter((key) => !has(first, key) && !has(screens, key))
        .map(
          (key) =>
            `${path.relative(WEB, file)}: ${key}${has(account, key) ? ' (account part)' : ''}`,
        ),
    );
    expect(missing).toEqual([]);
  });

  it('sees a word of the account part when a browsing screen names one', () => {
    expect(has(account, 'upload.title')).toBe(true);
    expect(has(screens, 'upload.title') || has(first, 'upload.title')).toBe(false);
  });
});
