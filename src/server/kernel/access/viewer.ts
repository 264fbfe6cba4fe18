import type { Role } from './roles.ts';

/** Who is asking, when signed in (a visitor is `null`): what every rule of access reads. */
export interface Viewer {
  userId: number;
  username: string;
  avatarVersion: number;
  ageVerified: boolean;
  role: Role;
  /** A member whose uploads skip the review queue. */
  trustedUploader: boolean;
  /** Hash of the session id: what the CSRF token is derived from. */
  sessionHash: string;
}
