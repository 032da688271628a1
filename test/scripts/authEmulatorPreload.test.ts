// @vitest-environment node
// scripts/lib/authEmulatorPreload.cjs still reaches the exegesis that firebase-tools' Auth emulator uses, so a
// firebase-tools upgrade that moves it shows here instead of as a slower start (7 s of CPU instead of 2).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const PRELOAD = join(ROOT, 'scripts', 'lib', 'authEmulatorPreload.cjs');
// What the emulator's server does: exegesis's options as firebase-tools' copy compiles them.
const READ_OPTIONS = `
  const tools = require.resolve('firebase-tools/package.json');
  const { compileOptions } = require(require.resolve('exegesis/lib/options', { paths: [tools] }));
  const compiled = compileOptions({ validateDefaultResponses: true });
  process.stdout.write(JSON.stringify({ lazy: compiled.lazyCompileValidationSchemas, responses: compiled.validateDefaultResponses }));
`;

const optionsSeen = (args: string[]) =>
  JSON.parse(execFileSync(process.execPath, [...args, '-e', READ_OPTIONS], { cwd: ROOT, encoding: 'utf8' })) as {
    lazy: boolean;
    responses: boolean;
  };

describe('the Auth emulator preload', () => {
  it('makes exegesis compile validators on first use, keeping the options firebase-tools passes', () => {
    expect(optionsSeen([])).toEqual({ lazy: false, responses: true });
    expect(optionsSeen(['--require', PRELOAD])).toEqual({ lazy: true, responses: true });
  });
});
