import { enums, nonempty, object, size, string, type Infer } from 'superstruct';

export const ProviderStruct = enums(['firebase', 'google']);
export type Provider = Infer<typeof ProviderStruct>;

/** The `users` document (docs/requirements.md#data): id equals the auth uid. */
export const UserProfileStruct = object({
  id: size(nonempty(string()), 1, 128),
  email: string(),
  firstName: string(),
  lastName: string(),
  provider: ProviderStruct,
});
export type UserProfile = Infer<typeof UserProfileStruct>;

/** Splits a Google display name ("Ana Maria Souza") into first name and the rest as last name. */
export function splitDisplayName(displayName: string | null | undefined): { firstName: string; lastName: string } {
  // Any run of whitespace separates two names; the empty pieces it leaves (and those at the ends) are dropped.
  const parts = (displayName ?? '').split(/\s/).filter(Boolean);
  const [firstName = '', ...rest] = parts;
  return { firstName, lastName: rest.join(' ') };
}
