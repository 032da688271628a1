// Builder data is reproducible: before each test faker is seeded from FAKER_SEED (default 1) and the test's own
// name, so a test draws the same values whatever ran before it in the worker (files share modules), and two
// tests of one suite still draw different e-mails and ids. A failure prints the seed that replays it.
import { faker } from '@faker-js/faker';
import { beforeEach } from 'vitest';

const runSeed = Number(process.env.FAKER_SEED ?? 1);

/** FNV-1a over the test's file and full name: a stable 32-bit number per test. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

beforeEach((context) => {
  faker.seed(hash(`${runSeed} ${context.task.file.name} ${context.task.fullName}`));
  context.onTestFailed(() => console.info(`faker: FAKER_SEED=${runSeed} reproduces this test's builder data`));
});
