import { describe, expect, it } from 'vitest';
import { parseSeedArguments } from '../../scripts/seed';

describe('npm run seed: arguments', () => {
  it.each([
    [[], { ifEmpty: false, force: false, products: null }],
    [['--if-empty'], { ifEmpty: true, force: false, products: null }],
    [['--force'], { ifEmpty: false, force: true, products: null }],
    [['--products', '100000'], { ifEmpty: false, force: false, products: 100_000 }],
    [['--force', '--products=40'], { ifEmpty: false, force: true, products: 40 }],
    [['--products', '1000000', '--if-empty'], { ifEmpty: true, force: false, products: 1_000_000 }],
  ])('%j is accepted', (argv, expected) => {
    expect(parseSeedArguments(argv)).toEqual(expected);
  });

  it.each([
    [['--products', 'muitos'], '--products takes a whole number from 1 to 1000000, not "muitos"'],
    [['--products', '0'], 'not "0"'],
    [['--products', '1000001'], 'not "1000001"'],
    [['--products', '-5'], 'not "-5"'],
    [['--products=1.5'], 'not "1.5"'],
    [['--products'], 'not ""'],
    [['--force', '--if-empty'], '--if-empty and --force cannot go together'],
    [['--todos'], 'unknown argument "--todos"'],
  ])('%j is refused, saying why', (argv, reason) => {
    const parsed = parseSeedArguments(argv);
    expect(typeof parsed).toBe('string');
    expect(parsed).toContain(reason);
  });
});
