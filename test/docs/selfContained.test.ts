// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../scripts/statecharts';

// The repo stands alone: what the shop must do is in docs/requirements.md, and every file cites that (or the
// repo's other docs), never a document beside the repo nor a tracker's numbers, which a reader of the repo
// cannot open. The patterns are assembled from pieces, so this file does not hold the strings it looks for.

const SECTION = '\u00a7';
/** The names of the documents that live outside the repo. */
const OUTSIDE_DOCUMENTS = [
  ['SP', 'EC'],
  ['ARCHI', 'TECTURE'],
  ['STY', 'LE'],
  ['RECI', 'PES'],
  ['MEASURE', 'MENTS'],
].map((parts) => parts.join(''));
const [PRODUCT_DOC, DESIGN_DOC] = OUTSIDE_DOCUMENTS as [string, string, ...string[]];

export const FORBIDDEN: readonly { what: string; pattern: RegExp }[] = [
  ...[PRODUCT_DOC, DESIGN_DOC].map((name) => ({
    what: `a section of ${name}`,
    pattern: new RegExp(`\\b${name}\\s*${SECTION}`),
  })),
  ...[PRODUCT_DOC, DESIGN_DOC].map((name) => ({ what: `${name} by name`, pattern: new RegExp(`\\b${name}\\b`) })),
  { what: 'an issue number', pattern: new RegExp(['\\bissue', '#?\\d'].join(' '), 'i') },
  { what: 'the folder beside the repo', pattern: new RegExp(['\\.\\.', 'shared\\b'].join('/')) },
  ...OUTSIDE_DOCUMENTS.map((name) => ({ what: `${name}.md`, pattern: new RegExp(`\\b${name}\\.md\\b`) })),
];

/** Each line of `text` that a forbidden pattern matches, as "file:line: what — the line". */
export function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { what, pattern } of FORBIDDEN) {
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what} — ${line.trim().slice(0, 160)}`);
    }
  });
  return found;
}

/** Tracked regular files that are in the tree, as text; binary files (a NUL byte) are left out. */
function trackedTextFiles(): { file: string; text: string }[] {
  const entries = execFileSync('git', ['ls-files', '-s', '-z'], { cwd: repositoryRoot, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  return entries.flatMap((entry) => {
    const [meta, file] = entry.split('\t') as [string, string];
    if (!meta.startsWith('100')) return []; // symbolic links and submodules
    const path = join(repositoryRoot, file);
    if (!existsSync(path)) return [];
    const bytes = readFileSync(path);
    if (bytes.includes(0)) return [];
    return [{ file, text: bytes.toString('utf8') }];
  });
}

describe('the repo stands alone', () => {
  it('finds what it looks for (each pattern, on a line written here)', () => {
    const samples = [
      `${PRODUCT_DOC} ${SECTION}3`,
      `${DESIGN_DOC} ${SECTION}6`,
      `the ${PRODUCT_DOC}'s call`,
      ['Issue', '27'].join(' '),
      ['see', '..', 'shared', 'x'].join('/').replace('see/', 'see '),
      `${OUTSIDE_DOCUMENTS[4]}.md`,
    ];
    expect(samples.map((line) => outsideReferences('sample', line).length)).toEqual([2, 2, 1, 1, 1, 1]);
    expect(outsideReferences('sample', 'docs/requirements.md#cart; INSPECTOR_MARKER; sharedConstants')).toEqual([]);
  });

  it('reads the tracked files', () => {
    const files = trackedTextFiles().map(({ file }) => file);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/requirements.md', 'package.json']));
  });

  it('cites no document outside the repo and no issue number, in any tracked file', () => {
    expect(trackedTextFiles().flatMap(({ file, text }) => outsideReferences(file, text))).toEqual([]);
  });

  it('cites only sections of docs/requirements.md that exist', () => {
    const requirements = readFileSync(join(repositoryRoot, 'docs/requirements.md'), 'utf8');
    const anchors = new Set([...requirements.matchAll(/<a id="([a-z-]+)"><\/a>/g)].map((match) => match[1]));
    expect(anchors).toContain('cart');
    const missing = trackedTextFiles().flatMap(({ file, text }) =>
      [...text.matchAll(/requirements\.md#([a-z-]+)/g)]
        .filter((match) => !anchors.has(match[1]))
        .map((match) => `${file}: #${match[1]}`),
    );
    expect(missing).toEqual([]);
  });
});
