import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readLocaleFile as read } from '../../../tests/support/messages.ts';
import type { Messages } from './i18n.ts';

// The video page loads the first-paint messages and the screens' part; the other browsing
// screens the browse part too; neither the account part (messages.client.ts, decision 0061).
// A word of a part a screen does not load would show as its key in the browser (and differ
// from the server's render, which has every part). So: every message key written in the
// code a screen reaches, through its imports, is in the parts it loads. Imports on a line
// that loads a further part with the module (`withAccountMessages`, `ensureBrowseMessages`…)
// are not followed.

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const first = read('en.json');
const screens = read('screens/en.json');
const browse = read('browse/en.json');
const account = read('account/en.json');
const sections = new Set([first, screens, browse, account].flatMap((part) => Object.keys(part)));

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

/** The source files a set of modules reaches, not through a line that matches `further`. */
function reached(roots: string[], further: RegExp): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file) || !existsSync(file) || file.includes('node_modules')) continue;
    seen.add(file);
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (further.test(line)) continue;
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

/** `file: key (the part it is in)` for each key the files name outside `parts`. */
function missingFrom(files: string[], parts: Messages[]): string[] {
  const named = { screens, browse, account };
  return files.flatMap((file) =>
    namedKeys(file)
      .filter((key) => !parts.some((part) => has(part, key)))
      .map((key) => {
        const where = Object.entries(named).find(([, part]) => has(part, key))?.[0];
        return `${path.relative(WEB, file)}: ${key}${where ? ` (${where} part)` : ''}`;
      }),
  );
}

describe('message parts', () => {
  it('gives the video page and the embedded player every word they name from the screens part', () => {
    const roots = ['routes/videos.tsx', 'routes/embed.tsx'].map((file) => path.join(WEB, file));
    const files = reached(roots, /AccountMessages|BrowseMessages/);
    expect(files).toContain(path.join(WEB, 'components/player/player.tsx'));
    expect(missingFrom(files, [first, screens])).toEqual([]);
  });

  it('gives the browsing screens every word they name without the account part', () => {
    const routes = readFileSync(path.join(WEB, 'routes.tsx'), 'utf8');
    const browsing = [...routes.matchAll(/withBrowseMessages\(\(\) => import\('\.\/([^']+)'\)/g)];
    expect(browsing.length).toBeGreaterThan(10);
    const roots = [
      path.join(WEB, 'routes.tsx'),
      ...browsing.map((m) => path.join(WEB, m[1] ?? '')),
    ];
    expect(missingFrom(reached(roots, /AccountMessages/), [first, screens, browse])).toEqual([]);
  });

  it('sees a word of a part a screen does not load', () => {
    expect(has(account, 'upload.title')).toBe(true);
    expect(has(screens, 'upload.title') || has(first, 'upload.title')).toBe(false);
    expect(has(browse, 'models.description')).toBe(true);
    expect(missingFrom([path.join(WEB, 'routes/model.tsx')], [first, screens])).not.toEqual([]);
  });
});
