import { ClubError, type UserProfile } from '../../domain';
export { MalformedDocumentError } from '../../domain';

export interface UsersPort {
  /** The users document whose `id` equals uid, or null when none exists. */
  findById(uid: string): Promise<UserProfile | null>;
  /** Adds the users document. Throws ProfileWriteError when the database refuses. */
  create(profile: UserProfile): Promise<void>;
  /**
   * Writes `users/<profile.id>` unless a document is already there, and resolves with the stored profile
   * (the existing one, or the one written). Repairs a profile whose sign-up write never landed; a late
   * original write racing it is then refused, not doubled. Throws ProfileWriteError when the database refuses.
   */
  createIfMissing(profile: UserProfile): Promise<UserProfile>;
}

export class ProfileWriteError extends ClubError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super('users/write-failed', `Could not write the user profile: ${detail}`, options);
  }
}
export class UsersUnavailableError extends ClubError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super('users/unavailable', `Users collection unavailable: ${detail}`, options);
  }
}
