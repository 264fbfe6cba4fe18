import { AppError } from '../../contracts/errors.ts';
import { ageOn, checkPasswordChange, parseProfileUpdate } from '../../contracts/profile.rules.ts';
import type { OwnProfile } from '../../contracts/profile.schema.ts';
import { memberAvatarKey, memberCoverKey } from '../../media/keys.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import { hashPassword, verifyPassword } from '../kernel/passwords.ts';
import type {
  MemberProfileRepository,
  OwnProfileRow,
  ProfileImageColumn,
} from './member-profile.repository.ts';
import { type ProfileImageKind, renderProfileImage } from './profile-images.ts';

// The signed-in member's own profile (SPEC.md §6 "own profile via POST", §7 member.php):
// read it whole, change its fields, the password, the avatar and the cover. Every call acts
// on the session's member; nothing in a request can name another one.

export interface MemberProfileDeps {
  profiles: MemberProfileRepository;
  storage: Pick<MediaStorage, 'put' | 'remove'>;
  urls: Pick<MediaUrls, 'memberAvatar' | 'memberCover'>;
  /**
   * After every change: cached public answers about the member (their page) and cached
   * sessions (the header's avatar, ended sessions) are forgotten.
   */
  changed(userId: number): void;
  now?: () => Date;
}

const IMAGE: Record<ProfileImageKind, { column: ProfileImageColumn; key: (id: number) => string }> =
  {
    avatar: { column: 'avatar_version', key: memberAvatarKey },
    cover: { column: 'cover_version', key: memberCoverKey },
  };

const text = (value: string | number | null) => (value === null ? '' : String(value));

export function createMemberProfileService(deps: MemberProfileDeps) {
  const { profiles, urls } = deps;
  const now = deps.now ?? (() => new Date());

  function toOwnProfile(row: OwnProfileRow): OwnProfile {
    const age = row.birth_date ? ageOn(row.birth_date, now()) : undefined;
    return {
      user_id: String(row.id),
      username: row.username,
      display_name: row.display_name || row.username,
      email: row.email,
      pending_email: row.pending_email ?? '',
      avatar: urls.memberAvatar(row.id, row.avatar_version),
      has_avatar: row.avatar_version > 0 ? '1' : '0',
      has_password: row.has_password ? '1' : '0',
      cover: urls.memberCover(row.id, row.cover_version),
      age_verified: row.age_verified ? '1' : '0',
      gender: text(row.gender),
      birth_date: text(row.birth_date),
      age: age === undefined ? '' : String(age),
      relationship: text(row.relationship),
      orientation: text(row.orientation),
      country: text(row.country),
      city: row.city,
      education: row.education,
      occupation: row.occupation,
      website: row.website,
      interests: row.interests,
      about: row.about,
    };
  }

  async function own(viewer: Viewer): Promise<OwnProfile> {
    const row = await profiles.own(viewer.userId);
    // A session of an account disabled meanwhile.
    if (!row) throw new AppError('need_auth');
    return toOwnProfile(row);
  }

  return {
    own,

    /** `section=upd`: the fields given, all or none (one bad field changes nothing). */
    async update(viewer: Viewer, body: unknown): Promise<OwnProfile> {
      const parsed = parseProfileUpdate(body, now());
      if (!parsed.ok) throw AppError.form(parsed.errors);
      await profiles.update(viewer.userId, parsed.value);
      deps.changed(viewer.userId);
      return own(viewer);
    },

    /** `section=pwd`: with the current password; other sessions end, this one stays. */
    async changePassword(viewer: Viewer, input: { pwd: string; new_pwd: string }): Promise<void> {
      const local = checkPasswordChange(input);
      if (local.length > 0) throw AppError.form(local);
      const stored = await profiles.passwordHash(viewer.userId);
      if (stored === undefined) throw new AppError('need_auth');
      if (!(await verifyPassword(stored, input.pwd))) {
        throw AppError.form([{ field: 'pwd', code: 'invalid_password' }]);
      }
      await profiles.setPassword(
        viewer.userId,
        await hashPassword(input.new_pwd),
        viewer.sessionHash,
      );
      deps.changed(viewer.userId);
    },

    /** `section=u_ava|u_cover`: the uploaded picture, checked, cropped and re-encoded. */
    async uploadImage(viewer: Viewer, kind: ProfileImageKind, data: Buffer): Promise<OwnProfile> {
      const result = await renderProfileImage(kind, data);
      if (!result.ok) {
        if (result.code === 'invalid_img_size') {
          // SPEC.md §8: a notify code, shown as a toast with the minimum size.
          throw new AppError('invalid_img_size', {
            field: 'notify',
            codes: [{ field: 'notify', code: 'invalid_img_size' }],
            ...(result.info ? { info: result.info } : {}),
          });
        }
        throw AppError.form([{ field: 'file', code: result.code }]);
      }
      const { column, key } = IMAGE[kind];
      await deps.storage.put(key(viewer.userId), result.data);
      await profiles.bumpImage(viewer.userId, column);
      deps.changed(viewer.userId);
      return own(viewer);
    },

    /** `section=del_ava|del_cover`: back to no picture. */
    async removeImage(viewer: Viewer, kind: ProfileImageKind): Promise<OwnProfile> {
      const { column, key } = IMAGE[kind];
      await profiles.clearImage(viewer.userId, column);
      await deps.storage.remove(key(viewer.userId));
      deps.changed(viewer.userId);
      return own(viewer);
    },
  };
}

export type MemberProfileService = ReturnType<typeof createMemberProfileService>;
