import type { QueryClient } from '@tanstack/react-query';
import { LIFETIME } from '../../../contracts/constants.ts';
import { memberPath } from '../../../contracts/members.paths.ts';
import type { ProfileValues } from '../../../contracts/profile.rules.ts';
import type { MemberAnswer, OwnProfile } from '../../../contracts/profile.schema.ts';
import { ApiError, postForm, postMultipartWithProgress } from '../../api/client.ts';

// The calls of the /edit/ screen (SPEC.md §7 `POST /api/member.php`). The own profile is
// read by POST, never from a cached path; pictures go up as multipart through
// XMLHttpRequest, the one browser API that reports upload progress.

export type PictureKind = 'avatar' | 'cover';

/** The query key of the own profile: not an `api` path key, so no GET ever serves it. */
export const OWN_PROFILE_KEY = ['own-profile'] as const;

const MEMBER_PHP = '/api/member.php';

function profileOf(answer: MemberAnswer): OwnProfile {
  if (!answer.member) throw new ApiError(500, { error: 'No profile', code: 'general_error' });
  return answer.member;
}

const member = async (fields: Record<string, string>): Promise<OwnProfile> =>
  profileOf(await postForm<MemberAnswer>(MEMBER_PHP, fields));

export const fetchOwnProfile = () => member({ section: 'get' });

export const saveProfile = (values: ProfileValues) => member({ section: 'upd', ...values });

export const removePicture = (kind: PictureKind) =>
  member({ section: kind === 'avatar' ? 'del_ava' : 'del_cover' });

/** Mails a link to the new address (decision 0034); the profile then names it as pending. */
export const requestEmailChange = (email: string, pwd: string) =>
  member({ section: 'email', email, pwd });

export const cancelEmailChange = () => member({ section: 'email_cancel' });

export async function changePassword(pwd: string, newPwd: string): Promise<void> {
  await postForm(MEMBER_PHP, { section: 'pwd', pwd, new_pwd: newPwd });
}

/**
 * Uploads a picture; `onProgress` gets the share sent (0-1). Resolves with the profile
 * holding the new URL, or rejects with the ApiError of the refusal.
 */
export function uploadPicture(
  kind: PictureKind,
  file: File,
  csrf: string,
  onProgress: (sent: number) => void,
): Promise<OwnProfile> {
  const body = new FormData();
  // The section goes before the file, as the network's clients send it.
  body.append('section', kind === 'avatar' ? 'u_ava' : 'u_cover');
  body.append('file', file);
  return postMultipartWithProgress<MemberAnswer>(MEMBER_PHP, body, onProgress, csrf).then(
    profileOf,
  );
}

/**
 * After a change the member's public page must show it at once: the server forgot its
 * cached answers; the browser's HTTP cache copy is replaced (`cache: 'reload'`) and this
 * tab's queries of the page are dropped, so the next visit reads the new profile.
 */
export async function refreshMemberPages(queryClient: QueryClient, userId: number): Promise<void> {
  const paths = [
    memberPath(LIFETIME.member, 'profile', userId),
    memberPath(LIFETIME.member, 'wall', userId),
  ];
  await Promise.all(
    paths.map((path) =>
      // Read to the end: a cancelled body would not be stored.
      fetch(path, { cache: 'reload', credentials: 'same-origin' })
        .then((response) => response.arrayBuffer())
        .catch(() => undefined),
    ),
  );
  const own = new RegExp(`^/api/json/member/\\d+/[a-z]+/\\d+/\\d+/${userId}\\.json$`);
  queryClient.removeQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'api' && typeof queryKey[1] === 'string' && own.test(queryKey[1]),
  });
}
