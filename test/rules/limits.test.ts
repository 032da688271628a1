// firestore.rules states the profile's limits as numbers of its own: they must be the ones the forms enforce
// (src/domain/limits.ts), or a shopper could pass the form and be refused by the rules after the account exists.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_MAX_LENGTH } from '../../src/domain/limits';

describe('firestore.rules and src/domain/limits.ts', () => {
  const rules = readFileSync(resolve(import.meta.dirname, '..', '..', 'firestore.rules'), 'utf8');
  const ruleLimits = Object.fromEntries(
    [...rules.matchAll(/data\.(\w+) is string && data\.\1\.size\(\) <= (\d+)/g)].map(([, field, max]) => [
      field,
      Number(max),
    ]),
  );

  it('every profile field the rules limit has the same limit in the forms', () => {
    expect(ruleLimits).toEqual({
      email: FIELD_MAX_LENGTH.email,
      firstName: FIELD_MAX_LENGTH.firstName,
      lastName: FIELD_MAX_LENGTH.lastName,
    });
  });
});
