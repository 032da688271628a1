import { UserProfileStruct, type UserProfile } from '../../domain';
import { ProfileWriteError, type UsersPort } from './port';

export interface MemoryUsers extends UsersPort {
  /** Every stored profile (copies), for assertions. */
  all(): UserProfile[];
}

/**
 * In-memory UsersPort with the same rules as Firestore + firestore.rules: one document per uid, written once,
 * exactly the five fields (anything else is refused with ProfileWriteError).
 */
export function memoryUsers(initial: readonly UserProfile[] = []): MemoryUsers {
  const byId = new Map(initial.map((profile) => [profile.id, { ...profile }]));
  return {
    async findById(uid) {
      const profile = byId.get(uid);
      return profile ? { ...profile } : null;
    },
    async create(profile) {
      const [error, valid] = UserProfileStruct.validate(profile);
      if (error) throw new ProfileWriteError(`invalid profile: ${error.message}`, { cause: error });
      if (byId.has(valid.id)) throw new ProfileWriteError(`a profile for ${valid.id} already exists`);
      byId.set(valid.id, { ...valid });
    },
    all: () => [...byId.values()].map((profile) => ({ ...profile })),
  };
}
