import {
  collection,
  doc,
  getDocs,
  query,
  runTransaction,
  setDoc,
  where,
  type Firestore,
} from 'firebase/firestore/lite';
import { MalformedDocumentError, UserProfileStruct } from '../../domain';
import { ProfileWriteError, UsersUnavailableError, type UsersPort } from './usersPort';

/**
 * UsersPort over Cloud Firestore. Reads are `users where id == uid` (docs/requirements.md#calls), so documents the original shop
 * wrote with random keys are still found. Writes go to `users/<uid>` with setDoc (not addDoc): firestore.rules
 * can then tie the document key to request.auth.uid and allow `create` only, so each shopper has exactly one
 * profile and nobody can write another's — with addDoc a user could add any number of documents.
 */
export function createFirestoreUsers({ db }: { db: Firestore }): UsersPort {
  const users = collection(db, 'users');
  return {
    async findById(uid) {
      let docs;
      try {
        docs = (await getDocs(query(users, where('id', '==', uid)))).docs;
      } catch (error) {
        throw new UsersUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
      }
      const [first] = [...docs].sort((a, b) => (a.id === uid ? -1 : b.id === uid ? 1 : a.id < b.id ? -1 : 1));
      if (!first) return null;
      const [error, profile] = UserProfileStruct.validate(first.data());
      if (error)
        throw new MalformedDocumentError(
          'users',
          first.id,
          `${error.path.join('.') || '(document)'}: ${error.message}`,
        );
      return profile;
    },
    async create(profile) {
      const [invalid, valid] = UserProfileStruct.validate(profile);
      if (invalid) throw new ProfileWriteError(`invalid profile: ${invalid.message}`, { cause: invalid });
      const { id, email, firstName, lastName, provider } = valid;
      try {
        await setDoc(doc(users, id), { id, email, firstName, lastName, provider });
      } catch (error) {
        throw new ProfileWriteError(error instanceof Error ? error.message : String(error), { cause: error });
      }
    },
    async createIfMissing(profile) {
      const [invalid, valid] = UserProfileStruct.validate(profile);
      if (invalid) throw new ProfileWriteError(`invalid profile: ${invalid.message}`, { cause: invalid });
      const { id, email, firstName, lastName, provider } = valid;
      const ref = doc(users, id);
      // A transaction: the write carries "the document still does not exist" as its precondition, so a late
      // original write that lands first makes it read again and keep that one (rules allow create only).
      let stored: unknown;
      try {
        stored = await runTransaction(db, async (transaction) => {
          const existing = await transaction.get(ref);
          if (existing.exists()) return existing.data();
          const data = { id, email, firstName, lastName, provider };
          transaction.set(ref, data);
          return data;
        });
      } catch (error) {
        throw new ProfileWriteError(error instanceof Error ? error.message : String(error), { cause: error });
      }
      const [malformed, result] = UserProfileStruct.validate(stored);
      if (malformed)
        throw new MalformedDocumentError(
          'users',
          id,
          `${malformed.path.join('.') || '(document)'}: ${malformed.message}`,
        );
      return result;
    },
  };
}
