// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../scripts/statecharts';

// README is a newcomer's map: it must name what exists. The lists are read from the tree, not written here.
const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8');
const statechartsIndex = readFileSync(join(repositoryRoot, 'docs/statecharts/README.md'), 'utf8');
const tracked = execFileSync('git', ['ls-files'], { cwd: repositoryRoot, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const folders = (depth: number) => [
  ...new Set(
    tracked
      .map((f) => f.split('/'))
      .filter((parts) => parts.length > depth + 1)
      .map((parts) => parts.slice(0, depth + 1).join('/')),
  ),
];

describe('README names what exists', () => {
  const machineFiles = readdirSync(join(repositoryRoot, 'src/machines')).filter((f) => f.endsWith('.ts'));

  it('finds the machine files it checks', () => {
    expect(machineFiles.filter((f) => f.endsWith('Machine.ts')).length).toBeGreaterThan(0);
  });

  it.each(machineFiles)('src/machines/%s is named in README', (file) => {
    expect(readme).toContain(file);
  });

  it.each(machineFiles.filter((f) => f.endsWith('Machine.ts')))(
    'src/machines/%s has a row in docs/statecharts/README.md',
    (file) => {
      expect(statechartsIndex).toContain(`[${file.replace(/Machine\.ts$/, '')}](`);
    },
  );

  it.each(folders(0).filter((f) => !f.startsWith('.')))('the folder %s/ is named in the layout', (folder) => {
    expect(readme).toContain(`${folder}/`);
  });

  it.each(folders(1).filter((f) => /^(src|server|scripts|test)\//.test(f)))(
    'the folder %s/ is named in the layout',
    (folder) => {
      expect(readme).toContain(`${folder}/`);
    },
  );

  const scripts = Object.keys(
    (JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts,
  );
  it.each(scripts)('npm script %s is in the Scripts table', (name) => {
    const command = name === 'start' || name === 'test' ? `npm ${name}` : `npm run ${name}`;
    expect(readme).toContain(`\`${command}\``);
  });

  it.each(tracked.filter((f) => /^scripts\/[^/]+\.ts$/.test(f)))('%s is named', (file) => {
    expect(readme).toContain(file.replace(/^scripts\//, ''));
  });

  it('keeps the quick start true: npm start and npm test are scripts', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test ');
    expect(scripts).toEqual(expect.arrayContaining(['start', 'test']));
  });
});
