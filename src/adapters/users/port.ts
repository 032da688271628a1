import { ClubError, type UserProfile } from '../../domain';
export { MalformedDocumentError } from '../../domain';

export interface UsersPort {
  /** The users document whose `id` equals uid, or null when none exists. */
  findById(uid: string): Promise<UserProfile | null>;
  /** Adds the users document. Throws ProfileWriteError when the database refuses. */
  create(profile: UserProfile): Promise<void>;
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
