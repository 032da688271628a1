import { MalformedDocumentError, UserProfileStruct, type UserProfile } from '../../domain';
import { ProfileWriteError, type UsersPort } from './usersPort';

export interface MemoryUsers extends UsersPort {
  /** Every stored document (copies), for assertions. */
  all(): unknown[];
}

/**
 * In-memory UsersPort with the same behaviour as Firestore + firestore.rules: one document per uid, written
 * once, exactly the five fields (anything else is refused with ProfileWriteError); documents are validated
 * on read, so `documents` can hold a malformed one (keyed by document id) to test that path.
 */
export function memoryUsers(
  initial: readonly UserProfile[] = [],
  options: { documents?: Readonly<Record<string, unknown>> } = {},
): MemoryUsers {
  const documents = new Map<string, unknown>([
    ...initial.map((profile): [string, unknown] => [profile.id, { ...profile }]),
    ...Object.entries(structuredClone(options.documents ?? {})),
  ]);
  return {
    async findById(uid) {
      const found = [...documents].find(([, data]) => (data as { id?: unknown } | null)?.id === uid);
      if (!found) return null;
      const [error, profile] = UserProfileStruct.validate(structuredClone(found[1]));
      if (error)
        throw new MalformedDocumentError(
          'users',
          found[0],
          `${error.path.join('.') || '(document)'}: ${error.message}`,
        );
      return profile;
    },
    async create(profile) {
      const [error, valid] = UserProfileStruct.validate(profile);
      if (error) throw new ProfileWriteError(`invalid profile: ${error.message}`, { cause: error });
      if (documents.has(valid.id)) throw new ProfileWriteError(`a profile for ${valid.id} already exists`);
      const { id, email, firstName, lastName, provider } = valid;
      documents.set(id, { id, email, firstName, lastName, provider });
    },
    async createIfMissing(profile) {
      const [error, valid] = UserProfileStruct.validate(profile);
      if (error) throw new ProfileWriteError(`invalid profile: ${error.message}`, { cause: error });
      const existing = documents.get(valid.id);
      if (existing !== undefined) {
        const [malformed, stored] = UserProfileStruct.validate(structuredClone(existing));
        if (malformed)
          throw new MalformedDocumentError(
            'users',
            valid.id,
            `${malformed.path.join('.') || '(document)'}: ${malformed.message}`,
          );
        return stored;
      }
      const { id, email, firstName, lastName, provider } = valid;
      documents.set(id, { id, email, firstName, lastName, provider });
      return { id, email, firstName, lastName, provider };
    },
    all: () => [...documents.values()].map((data) => structuredClone(data)),
  };
}
