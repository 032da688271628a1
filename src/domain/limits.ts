// The longest text each field takes, in one place: the forms' checks and `maxLength` attributes, the
// backend's schemas and firestore.rules (test/rules/limits.test.ts compares them) all read these numbers.
// Lengths are UTF-16 code units, as `maxLength` and String.length count them: never more characters than
// Firestore's `size()` counts. Imports nothing: the entry bundle and the backend both load it.

/** The profile's fields (users/<uid> in firestore.rules) and the sign-up and log-in forms. */
export const FIELD_MAX_LENGTH = {
  firstName: 100,
  lastName: 200,
  /** RFC 5321's longest address (64 + @ + 255). */
  email: 320,
  /** Firebase Auth refuses longer passwords. */
  password: 4096,
} as const;

/** Each line of the delivery address on the backend's payment page. */
export const ADDRESS_MAX_LENGTH = 200;

/** The search field: longer queries are cut (code points, an emoji is never split). */
export const MAX_QUERY_LENGTH = 100;

/** The CEP fields: 8 digits with the dash. */
export const CEP_INPUT_MAX_LENGTH = 9;

/** "<Rótulo> pode ter no máximo N caracteres." */
export function tooLongMessage(label: string, max: number): string {
  return `${label} pode ter no máximo ${max} caracteres.`;
}
