// @vitest-environment node
// Every route the storefront declares has a real-browser test, and docs/testing.md says which: its table of
// user-visible flows ("User-visible flows and their browser tests") is checked against the router's route table
// (the <Switch> of src/ui/App.tsx, whose paths come from src/ui/paths.ts) and against the test files it names.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../scripts/statecharts';
import { paths } from '../../src/ui/paths';

const TABLE_HEADING = '### User-visible flows and their browser tests';
/** How the table names the not-found page: the <Switch>'s last <Route>, without a path. */
const NOT_FOUND = '*';

const read = (file: string) => readFileSync(join(repositoryRoot, file), 'utf8');

/** The paths of the page <Switch> in App.tsx: `path={paths.x}` or `path="/x"`, and `*` for a <Route> without one. */
export function declaredRoutes(app: string, table: Record<string, string>): string[] {
  const switchBody = /<Switch>([\s\S]*?)<\/Switch>/.exec(app.slice(app.indexOf('function Routes(')))?.[1];
  if (!switchBody) throw new Error('src/ui/App.tsx: no <Switch> in function Routes');
  const routes: string[] = [];
  for (const [, key, literal] of switchBody.matchAll(/<Route\s+path=\{paths\.(\w+)\}|<Route\s+path="([^"]+)"/g)) {
    if (key !== undefined) {
      const path = table[key];
      if (path === undefined) throw new Error(`src/ui/App.tsx routes paths.${key}, which src/ui/paths.ts lacks`);
      routes.push(path);
    } else routes.push(literal!);
  }
  if (/<Route>/.test(switchBody)) routes.push(NOT_FOUND);
  return routes;
}

export interface FlowRow {
  flow: string;
  routes: string[];
  file: string;
  test: string;
}

/** The rows of the table under TABLE_HEADING: | flow | routes | file | test |, the last three in backticks. */
export function flowRows(markdown: string): FlowRow[] {
  const start = markdown.indexOf(TABLE_HEADING);
  if (start < 0) throw new Error(`docs/testing.md has no "${TABLE_HEADING}" section`);
  const lines = markdown.slice(start).split('\n').slice(1);
  const table = lines.slice(lines.findIndex((line) => line.startsWith('|')));
  const end = table.findIndex((line) => !line.startsWith('|'));
  // Below the header and its |---| line.
  const rows = (end < 0 ? table : table.slice(0, end)).slice(2);
  return rows.map((line) => {
    const cells = line.split(' | ').map((cell) => cell.replace(/^\|\s*|\s*\|$/g, '').trim());
    if (cells.length !== 4) throw new Error(`docs/testing.md: a flow row needs 4 cells: ${line}`);
    const code = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    const [flow, routes, file, test] = cells as [string, string, string, string];
    return { flow, routes: code(routes), file: code(file)[0] ?? '', test: code(test)[0] ?? '' };
  });
}

describe('docs/testing.md: every route has a browser test, and every test named exists', () => {
  const routes = declaredRoutes(read('src/ui/App.tsx'), paths);
  const rows = flowRows(read('docs/testing.md'));

  it('reads the routes and the rows', () => {
    // Written out: the routes of docs/requirements.md#routes and the not-found page (a new route adds to them).
    expect(routes).toEqual(
      expect.arrayContaining([
        '/',
        '/explore',
        '/login',
        '/sign-up',
        '/category/:id',
        '/product/:id',
        '/checkout',
        '/payment-confirmation',
        '/search',
        '/pedidos',
        NOT_FOUND,
      ]),
    );
    expect(rows.length).toBeGreaterThan(routes.length);
  });

  it('each route of the router has at least one row', () => {
    const uncovered = routes.filter((route) => !rows.some((row) => row.routes.includes(route)));
    expect(uncovered, 'routes without a row in the flow table of docs/testing.md').toEqual([]);
  });

  it('each row names routes the router has', () => {
    const unknown = rows.flatMap((row) =>
      row.routes.filter((r) => !routes.includes(r)).map((r) => `${row.flow}: ${r}`),
    );
    expect(unknown).toEqual([]);
  });

  it('each row names a browser test file that exists and a test that it declares', () => {
    const missing = rows.flatMap((row) => {
      if (!row.file.startsWith('test/e2e/') || !existsSync(join(repositoryRoot, row.file)))
        return [`${row.flow}: no browser test file ${row.file || '(none named)'}`];
      if (row.test.length < 8 || !read(row.file).includes(row.test))
        return [`${row.flow}: ${row.file} has no test named "${row.test}"`];
      return [];
    });
    expect(missing).toEqual([]);
  });
});
