import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import vitestConfig from '../../vitest.config';
import { repositoryRoot } from '../../scripts/statecharts';

// `npm test` runs every `test:vitest:*` script side by side; each names the projects it runs. A project that no
// script names would never run in `npm test`, and one named twice would run twice.
const scripts: Record<string, string> = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')).scripts;
const projectNames = (vitestConfig.test?.projects ?? []).map((project) => {
  if (typeof project !== 'object' || !('test' in project) || !project.test?.name)
    throw new Error('every project has a name');
  return String(project.test.name);
});

/** The projects one `vitest run --project …` command runs: named ones, or all but a negated one. */
export function projectsRunBy(command: string, names: readonly string[]): string[] {
  const filters = [...command.matchAll(/--project\s+'?([^'\s]+)'?/g)].map((match) => match[1]!);
  if (filters.length === 0) return [...names];
  return names.filter((name) =>
    filters.some((filter) => (filter.startsWith('!') ? name !== filter.slice(1) : name === filter)),
  );
}

describe('npm test runs every vitest project once', () => {
  const parallelScripts = Object.entries(scripts).filter(([name]) => name.startsWith('test:vitest:'));

  it('npm test runs the test:vitest:* scripts side by side', () => {
    expect(scripts.test).toContain('test:vitest:*');
    expect(parallelScripts.length).toBeGreaterThan(1);
  });

  it.each(projectNames)('the project %s is run by exactly one test:vitest:* script', (project) => {
    const runners = parallelScripts
      .filter(([, command]) => projectsRunBy(command, projectNames).includes(project))
      .map(([name]) => name);
    expect(runners).toHaveLength(1);
  });

  it('reads project filters the way vitest does', () => {
    const names = ['a', 'b', 'c'];
    expect(projectsRunBy('vitest run', names)).toEqual(names);
    expect(projectsRunBy('vitest run --project b', names)).toEqual(['b']);
    expect(projectsRunBy("vitest run --project '!b'", names)).toEqual(['a', 'c']);
    expect(projectsRunBy('vitest run --project a --project c', names)).toEqual(['a', 'c']);
  });
});
