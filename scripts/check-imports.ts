import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The one-way import rules of decision 0037 (and 0040), checked on every `npm run lint`.
// Specifiers are read with a regex: the code base writes one import per statement, always
// with a relative path and its .ts extension, which is all the rules need.

export interface Import {
  specifier: string;
  /** `import type` / `export type`, or every named binding marked `type`: erased at run time. */
  typeOnly: boolean;
}

export interface Violation {
  file: string;
  imported: string;
  rule: string;
}

const STATEMENT =
  /(?:^|[\n;])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module a source file names, with whether the import vanishes at run time. */
export function readImports(source: string): Import[] {
  const found: Import[] = [];
  for (const match of source.matchAll(STATEMENT)) {
    const fromClause = match[4];
    if (fromClause !== undefined) {
      const bindings = match[3] ?? '';
      found.push({
        specifier: fromClause,
        typeOnly: match[2] !== undefined || allNamedAreTypes(bindings),
      });
    } else {
      const bare = match[5] ?? match[6];
      if (bare !== undefined) found.push({ specifier: bare, typeOnly: false });
    }
  }
  return found;
}

function allNamedAreTypes(bindings: string): boolean {
  const named = /^\{([^}]*)\}$/.exec(bindings.trim());
  if (!named) return false;
  const names = (named[1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** The domain folder a path under src/server belongs to; `kernel` for the kernel; undefined at the top. */
function serverFolder(file: string): string | undefined {
  const rest = file.slice('src/server/'.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? undefined : rest.slice(0, slash);
}

const COMPOSITION = new Set(['src/server/app.ts', 'src/server/compose.ts']);
/** Top-level server files the kernel and domains may read: they sit below every domain. */
const SERVER_BASE = new Set([
  'src/server/config.ts',
  'src/server/logger.ts',
  'src/server/secret.ts',
]);

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/** Processes' entry points stand at the top with main.ts: they put the app's parts together. */
const isEntry = (file: string) =>
  file === 'src/server/main.ts' || /^src\/server\/commands\/[^/]+\.cli\.ts$/.test(file);
const isService = (file: string) => file.endsWith('.service.ts');
const isRepository = (file: string) => file.endsWith('.repository.ts');
const isRoutes = (file: string) => file.endsWith('.routes.ts');
const isJob = (file: string) => file.endsWith('.job.ts');
const inside = (file: string, dir: string) => file.startsWith(`${dir}/`);

/** The rules one import breaks (the first that fires is enough to fix). */
export function ruleBroken(file: string, target: string, typeOnly: boolean): string | undefined {
  if (inside(file, 'src/contracts')) {
    if (['src/server', 'src/web', 'src/db'].some((dir) => inside(target, dir))) {
      return 'contracts import nothing from the server, the web app or the database';
    }
    return undefined;
  }
  if (inside(file, 'src/db') || inside(file, 'src/media')) {
    if (inside(target, 'src/server')) return 'src/db and src/media import nothing from the server';
    return undefined;
  }
  if (inside(file, 'src/web')) {
    if ((inside(target, 'src/server') || inside(target, 'src/db')) && !typeOnly) {
      return 'the web app imports the server and the database for types only';
    }
    return undefined;
  }
  if (!inside(file, 'src/server') || !inside(target, 'src/server')) return undefined;

  const from = serverFolder(file);
  const to = serverFolder(target);
  if (isRoutes(target) && !COMPOSITION.has(file) && file !== target) {
    return 'only app.ts and compose.ts import routes';
  }
  if (to === undefined && !SERVER_BASE.has(target) && !isEntry(file)) {
    if (from !== undefined) return 'nothing below the top imports app.ts, compose.ts or main.ts';
  }
  if (from === 'kernel' && to !== undefined && to !== 'kernel') {
    return 'the kernel imports no domain';
  }
  if (isRepository(file)) {
    if (isService(target) || isJob(target) || inside(target, 'src/server/kernel/http')) {
      return 'a repository imports no service, job or kernel/http';
    }
  }
  if (isService(file)) {
    if (isJob(target) || inside(target, 'src/server/kernel/http')) {
      return 'a service imports no routes, job or kernel/http';
    }
  }
  if (
    from !== undefined &&
    to !== undefined &&
    from !== to &&
    from !== 'kernel' &&
    to !== 'kernel'
  ) {
    if (isRepository(target)) return "a domain never imports another domain's repository";
    if (!isService(target) && !typeOnly) {
      return 'a domain uses another domain through its *.service.ts (or its types)';
    }
  }
  return undefined;
}

function resolve(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
}

/** Checks a tree given as repository-relative path → source. */
export function checkImports(files: ReadonlyMap<string, string>): Violation[] {
  const violations: Violation[] = [];
  for (const [file, source] of files) {
    if (isTest(file)) continue;
    for (const { specifier, typeOnly } of readImports(source)) {
      const target = resolve(file, specifier);
      if (target === undefined) continue;
      const rule = ruleBroken(file, target, typeOnly);
      if (rule) violations.push({ file, imported: target, rule });
    }
  }
  return violations;
}

/**
 * SQL that spells "what is visible" itself (issue 15): these conditions are written once, in
 * src/server/kernel/access/visibility.ts, and every other query asks its builders.
 */
const VISIBILITY_SPELLED = [
  /\bstatus_id\s*=\s*1\b/,
  /\bstatus_id\s*<>\s*5\b/,
  /\bpost_date\s*<=\s*now\(\)/,
  /\bis_private\s*=\s*0\b/,
  /\blisted\s*=\s*(true|1)\b/,
];
const VISIBILITY_HOME = 'src/server/kernel/access/visibility.ts';

/** Lines of server code (not tests, not migrations) that write a visibility condition by hand. */
export function checkVisibility(files: ReadonlyMap<string, string>): Violation[] {
  const violations: Violation[] = [];
  for (const [file, source] of files) {
    if (!file.startsWith('src/server/') || isTest(file) || file === VISIBILITY_HOME) continue;
    source.split('\n').forEach((line, index) => {
      if (VISIBILITY_SPELLED.some((pattern) => pattern.test(line))) {
        violations.push({
          file: `${file}:${index + 1}`,
          imported: line.trim(),
          rule: `visibility is written in ${VISIBILITY_HOME}; use its builders`,
        });
      }
    });
  }
  return violations;
}

/**
 * Imports that break a rule today and are still to be fixed (issue 15; decision 0040 lists
 * what each needs). The list only shrinks: an entry that no longer breaks a rule is itself
 * reported, so a fix also removes its line.
 */
export const KNOWN: ReadonlySet<string> = new Set([]);

/** The violations not on the known list, and known entries that no longer break a rule. */
export function newViolations(
  violations: readonly Violation[],
  known: ReadonlySet<string> = KNOWN,
): { fresh: Violation[]; stale: string[] } {
  const seen = new Set(violations.map((v) => `${v.file} -> ${v.imported}`));
  return {
    fresh: violations.filter((v) => !known.has(`${v.file} -> ${v.imported}`)),
    stale: [...known].filter((entry) => !seen.has(entry)),
  };
}

async function readTree(root: string, dir: string, into: Map<string, string>): Promise<void> {
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) await readTree(root, relative, into);
    else if (/\.tsx?$/.test(entry.name)) {
      into.set(relative, await readFile(path.join(root, relative), 'utf8'));
    }
  }
}

async function main(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = new Map<string, string>();
  await readTree(root, 'src', files);
  const { fresh, stale } = newViolations([...checkImports(files), ...checkVisibility(files)]);
  for (const { file, imported, rule } of fresh) {
    console.error(`${file} -> ${imported}: ${rule}`);
  }
  for (const entry of stale) {
    console.error(
      `${entry}: follows the rules now; remove it from KNOWN in scripts/check-imports.ts`,
    );
  }
  if (fresh.length > 0 || stale.length > 0) {
    console.error(`${fresh.length + stale.length} import problem(s) (decisions 0037, 0040)`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
