// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../scripts/statecharts';

// A file's name is how a newcomer finds it (an editor's quick-open, a stack trace, a diff): two files of one name
// make every mention of it ambiguous. A folder's README.md is the one name meant to repeat.
const REPEATABLE_NAMES = new Set(['README.md']);

/** Names held by more than one tracked file, each with its paths. */
export function repeatedNames(paths: readonly string[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const path of paths) {
    const name = basename(path);
    if (REPEATABLE_NAMES.has(name)) continue;
    byName.set(name, [...(byName.get(name) ?? []), path]);
  }
  return new Map([...byName].filter(([, holders]) => holders.length > 1));
}

describe('every file has a name of its own', () => {
  it('finds repeats the way a reader would', () => {
    const repeats = repeatedNames(['src/a/port.ts', 'server/b/port.ts', 'src/a/README.md', 'README.md', 'src/x.ts']);
    expect([...repeats]).toEqual([['port.ts', ['src/a/port.ts', 'server/b/port.ts']]]);
  });

  it('no two tracked files share a name', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: repositoryRoot, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(tracked.length).toBeGreaterThan(100);
    expect(Object.fromEntries(repeatedNames(tracked))).toEqual({});
  });
});
