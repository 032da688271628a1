// docs/performance.md is shared: `npm run bench` writes the part between <!-- storefront:start … --> and
// <!-- storefront:end -->, `npm run bench:server` the backend part; everything else is hand-written and kept.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PERFORMANCE_DOC = join(import.meta.dirname, '..', '..', 'docs', 'performance.md');

/** Replaces the `name` section (its start marker may carry a note) with `body`, or appends it. */
export function writeDocSection(name: string, body: string): void {
  const current = existsSync(PERFORMANCE_DOC) ? readFileSync(PERFORMANCE_DOC, 'utf8') : '# Performance\n';
  const section = new RegExp(`<!-- ${name}:start[^>]*-->[\\s\\S]*?<!-- ${name}:end -->`);
  const start = current.match(new RegExp(`<!-- ${name}:start[^>]*-->`))?.[0] ?? `<!-- ${name}:start -->`;
  const next = `${start}\n${body.trim()}\n<!-- ${name}:end -->`;
  writeFileSync(
    PERFORMANCE_DOC,
    section.test(current) ? current.replace(section, () => next) : `${current.trimEnd()}\n\n${next}\n`,
  );
}
