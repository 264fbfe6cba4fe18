import { describe, expect, it } from 'vitest';
import { checkImports, checkVisibility, newViolations, readImports } from './check-imports.ts';

// The import check on small fake trees: each rule fires on the import that breaks it and
// stays quiet on the one next to it that does not.

function check(tree: Record<string, string>) {
  return checkImports(new Map(Object.entries(tree))).map((v) => `${v.file} -> ${v.imported}`);
}

const VALUE = (path: string) => `import { x } from '${path}';\n`;
const TYPE = (path: string) => `import type { X } from '${path}';\n`;

describe('readImports', () => {
  it('reads value, type-only, side-effect, re-export and dynamic imports', () => {
    const found = readImports(
      [
        "import { a, type B } from './a.ts';",
        "import type { C } from './c.ts';",
        "import { type D, type E } from './d.ts';",
        "import './side.ts';",
        "export { f } from './f.ts';",
        "export type { G } from './g.ts';",
        'import {\n  h,\n  i,\n} from "./h.ts";',
        "const j = await import('./j.ts');",
      ].join('\n'),
    );
    expect(found).toEqual([
      { specifier: './a.ts', typeOnly: false },
      { specifier: './c.ts', typeOnly: true },
      { specifier: './d.ts', typeOnly: true },
      { specifier: './side.ts', typeOnly: false },
      { specifier: './f.ts', typeOnly: false },
      { specifier: './g.ts', typeOnly: true },
      { specifier: './h.ts', typeOnly: false },
      { specifier: './j.ts', typeOnly: false },
    ]);
  });
});

describe('checkImports', () => {
  it('keeps the kernel free of domains', () => {
    expect(
      check({
        'src/server/kernel/http/a.ts': TYPE('../../accounts/account.service.ts'),
        'src/server/kernel/http/b.ts':
          VALUE('../db/counter.repository.ts') + TYPE('../../config.ts'),
      }),
    ).toEqual(['src/server/kernel/http/a.ts -> src/server/accounts/account.service.ts']);
  });

  it("lets a domain use another's service, never its repository or its other modules", () => {
    expect(
      check({
        'src/server/ads/ads.service.ts':
          VALUE('../catalogue/video.service.ts') +
          TYPE('../catalogue/video.repository.ts') +
          VALUE('../catalogue/category-catalogue.ts') +
          TYPE('../catalogue/category-catalogue.ts') +
          VALUE('./ads.repository.ts'),
      }),
    ).toEqual([
      'src/server/ads/ads.service.ts -> src/server/catalogue/video.repository.ts',
      'src/server/ads/ads.service.ts -> src/server/catalogue/category-catalogue.ts',
    ]);
  });

  it('lets only app.ts and compose.ts import routes', () => {
    expect(
      check({
        'src/server/app.ts': VALUE('./ads/ads.routes.ts'),
        'src/server/compose.ts': VALUE('./ads/ads.routes.ts'),
        'src/server/ads/other.ts': VALUE('./ads.routes.ts'),
      }),
    ).toEqual(['src/server/ads/other.ts -> src/server/ads/ads.routes.ts']);
  });

  it('keeps repositories below services, jobs and kernel/http', () => {
    expect(
      check({
        'src/server/stats/stat.repository.ts':
          VALUE('./stat.service.ts') +
          VALUE('./fold.job.ts') +
          VALUE('../kernel/http/errors.ts') +
          VALUE('../kernel/db/estimate.ts'),
      }),
    ).toEqual([
      'src/server/stats/stat.repository.ts -> src/server/stats/stat.service.ts',
      'src/server/stats/stat.repository.ts -> src/server/stats/fold.job.ts',
      'src/server/stats/stat.repository.ts -> src/server/kernel/http/errors.ts',
    ]);
  });

  it('keeps services off jobs and kernel/http', () => {
    expect(
      check({
        'src/server/uploads/upload.service.ts':
          VALUE('./publish.job.ts') +
          TYPE('../kernel/http/errors.ts') +
          VALUE('../kernel/jobs/queue.ts'),
      }),
    ).toEqual([
      'src/server/uploads/upload.service.ts -> src/server/uploads/publish.job.ts',
      'src/server/uploads/upload.service.ts -> src/server/kernel/http/errors.ts',
    ]);
  });

  it('keeps anything below the top off app.ts, compose.ts and main.ts', () => {
    expect(
      check({
        'src/server/kernel/http/doc.ts': VALUE('../../app.ts'),
        'src/server/openapi-document.ts': VALUE('./app.ts'),
        // A command's entry point puts parts together as main.ts does; its helpers do not.
        'src/server/commands/staff.cli.ts': VALUE('../compose.ts'),
        'src/server/commands/staff-lines.ts': VALUE('../compose.ts'),
      }),
    ).toEqual([
      'src/server/kernel/http/doc.ts -> src/server/app.ts',
      'src/server/commands/staff-lines.ts -> src/server/compose.ts',
    ]);
  });

  it('keeps contracts, db, media and web on their side', () => {
    expect(
      check({
        'src/contracts/a.ts': TYPE('../server/config.ts') + VALUE('./zod.ts'),
        'src/contracts/b.ts': TYPE('../web/ssr-types.ts') + TYPE('../db/client.ts'),
        'src/db/seed/demo.ts': TYPE('../../server/config.ts') + VALUE('../../media/keys.ts'),
        'src/media/keys.ts': VALUE('../server/media/media-urls.ts'),
        'src/web/app.tsx': VALUE('../server/config.ts') + TYPE('../db/schema.ts'),
      }),
    ).toEqual([
      'src/contracts/a.ts -> src/server/config.ts',
      'src/contracts/b.ts -> src/web/ssr-types.ts',
      'src/contracts/b.ts -> src/db/client.ts',
      'src/db/seed/demo.ts -> src/server/config.ts',
      'src/media/keys.ts -> src/server/media/media-urls.ts',
      'src/web/app.tsx -> src/server/config.ts',
    ]);
  });

  it('leaves tests alone', () => {
    expect(check({ 'src/server/kernel/a.int.test.ts': VALUE('../ads/ads.repository.ts') })).toEqual(
      [],
    );
  });
});

describe('newViolations', () => {
  it('passes known violations, reports new ones and known ones that were fixed', () => {
    const violations = checkImports(
      new Map([['src/server/kernel/a.ts', VALUE('../ads/ads.service.ts')]]),
    );
    const known = new Set([
      'src/server/kernel/a.ts -> src/server/ads/ads.service.ts',
      'src/server/kernel/b.ts -> src/server/ads/ads.service.ts',
    ]);
    const { fresh, stale } = newViolations(violations, known);
    expect(fresh).toEqual([]);
    expect(stale).toEqual(['src/server/kernel/b.ts -> src/server/ads/ads.service.ts']);
    expect(newViolations(violations, new Set()).fresh).toHaveLength(1);
  });
});

describe('checkVisibility', () => {
  const spelled = (tree: Record<string, string>) =>
    checkVisibility(new Map(Object.entries(tree))).map((v) => v.file);

  it('reports a query that writes what is listed by hand, with its line', () => {
    const source = "const a = 1;\nconst sql = 'SELECT id FROM videos v WHERE v.status_id = 1';\n";
    expect(spelled({ 'src/server/catalogue/x.repository.ts': source })).toEqual([
      'src/server/catalogue/x.repository.ts:2',
    ]);
    expect(
      spelled({ 'src/server/albums/y.ts': "q('... AND post_date <= now() AND is_private = 0')" }),
    ).toEqual(['src/server/albums/y.ts:1']);
  });

  it('leaves the builders, bound statuses, tests and the web alone', () => {
    expect(
      spelled({
        'src/server/kernel/access/visibility.ts': "'status_id = 1 AND post_date <= now()'",
        'src/server/uploads/u.repository.ts':
          "'UPDATE videos SET status_id = $2 WHERE status_id = $3'",
        'src/server/catalogue/v.int.test.ts': "'WHERE status_id = 1'",
        'src/web/x.ts': "'status_id = 1'",
      }),
    ).toEqual([]);
  });
});
