import type { Action, Entity, Refusal } from './policy.ts';

// Every operation of the OpenAPI document (docs/openapi.json) and the policy entry it answers
// to (issue 15, docs/decisions/0039). access-matrix.int.test.ts fails for an operation that is
// not here, so a new endpoint cannot be added without saying who may call it, and runs every
// entry that is not `public` as a visitor, another member, the owner, a moderator and an
// administrator against what the policy allows.
//
// A key is `METHOD path`, with the `act`/`section` that select one action where one URL
// carries many (input.php, stat.php, video_edit.php, album_edit.php, member.php, messages.php,
// videos2 sections).

export type EndpointRule =
  /** Anyone, no permission involved: signing in, public reads, counters. `why` says so. */
  | { kind: 'public'; why: string }
  /**
   * On what is the viewer's own by construction (their account, their lists, something they
   * make): allowed when their standing holds `action:entity:own`.
   */
  | { kind: 'own'; action: Action; entity: Entity }
  /**
   * On an object that has an owner: allowed when the policy lets the viewer reach that
   * owner's object; refused with `refusal` (signed in) or `visitor`.
   */
  | {
      kind: 'object';
      action: Action;
      entity: Entity;
      refusal: Refusal | 'playlist_is_private';
      visitor: Refusal | 'playlist_is_private';
    }
  /**
   * The console's calls (decision 0043): allowed when the viewer's standing holds
   * `action:entity:any`; a visitor gets `need_auth`, anyone else `no_permission`.
   */
  | { kind: 'staff'; action: Action; entity: Entity };

const publicRead = (why: string): EndpointRule => ({ kind: 'public', why });
const own = (action: Action, entity: Entity): EndpointRule => ({ kind: 'own', action, entity });
const object = (
  action: Action,
  entity: Entity,
  refusal: Refusal | 'playlist_is_private' = 'no_permission',
  visitor: Refusal | 'playlist_is_private' = 'need_auth',
): EndpointRule => ({ kind: 'object', action, entity, refusal, visitor });

const staff = (action: Action, entity: Entity): EndpointRule => ({ kind: 'staff', action, entity });

const LISTING = 'public listing: what it shows is visibility.ts, not a permission';

export const ENDPOINT_POLICY: Readonly<Record<string, EndpointRule>> = {
  // Accounts: anyone may try; the answers are the sign-in rules, not the policy's.
  'POST /api/login.php': publicRead('signing in'),
  'POST /api/signup.php': publicRead('signing up'),
  'POST /api/restore.php': publicRead('a forgotten password'),
  'GET /api/confirm.php': publicRead('the mailed confirmation link carries its own token'),
  'GET /api/confirm_email.php': publicRead('the mailed link carries its own token'),
  'GET /api/captcha.php': publicRead('a challenge for anyone'),
  'GET /api/login.g.php': publicRead('signing in with Google'),
  'GET /healthz': publicRead('the load balancer'),

  // The catalogue: public reads.
  'GET /api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{tail}': publicRead(LISTING),
  'GET /api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{tail} section=playlists': object(
    'read',
    'playlist',
    'playlist_is_private',
    'playlist_is_private',
  ),
  'GET /api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{tail} section=watch-later': object(
    'read',
    'list',
  ),
  'GET /api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{tail} section=history': object(
    'read',
    'list',
  ),
  'GET /api/json/video/{lifetime}/{e6}/{e3}/{file}': publicRead(
    'a video page opens for anyone while it is not deleted; a private one plays for members (visibility.ts videoPlayable)',
  ),
  'GET /api/json/videos_related2/{lifetime}/{count}/{e6}/{e3}/{file}': publicRead(LISTING),
  'GET /api/video_status.php': publicRead('pipeline progress holds nothing private'),
  'GET /api/videofile.php': publicRead(
    'a private video’s files need a signed-in member (visibility.ts videoPlayable), not an owner',
  ),
  'GET /get_file/{sig}/{e6}/{e3}/{id}/{file}/': publicRead('the path is signed by videofile.php'),
  'GET /api/json/main/{lifetime}/{file}': publicRead(LISTING),
  'GET /api/json/categories/{lifetime}/{file}': publicRead(LISTING),
  'GET /api/json/suggester/{lifetime}/{file}': publicRead(LISTING),
  'GET /api/suggester.php': publicRead(LISTING),
  'GET /api/videos2.php': publicRead(LISTING),
  'GET /api/json/models/{lifetime}/{gender}/{filt}/{sort}/{count}/{file}': publicRead(LISTING),
  'GET /api/json/model/{lifetime}/{letters}/{file}': publicRead(LISTING),
  'GET /api/json/channels/{lifetime}/{gender}/{sort}/{count}/{file}': publicRead(LISTING),
  'GET /api/json/channel/{lifetime}/{letter}/{file}': publicRead(LISTING),

  // Members, comments, playlists and albums.
  'GET /api/json/members/{lifetime}/{section}/{filt}/{sort}/{count}/{file}': publicRead(LISTING),
  'GET /api/json/member/{lifetime}/{section}/{e6}/{e3}/{file}': publicRead(
    'a public profile and wall',
  ),
  'GET /api/json/comments/{lifetime}/{section}/{e6}/{e3}/{file}': publicRead(
    'comments of an object that is not deleted',
  ),
  'GET /api/json/comments/{lifetime}/{section}/{e6}/{e3}/{file} section=playlist': object(
    'read',
    'playlist',
    'playlist_is_private',
    'playlist_is_private',
  ),
  'GET /api/json/subscriptions/{lifetime}/{e6}/{e3}/{file}': publicRead('listed on the profile'),
  'GET /api/json/playlists/{lifetime}/{sort}/{count}/{file}': publicRead(
    'private playlists are listed to their owner only (visibility.ts)',
  ),
  'GET /api/json/playlist/{lifetime}/{e6}/{e3}/{file}': object(
    'read',
    'playlist',
    'playlist_is_private',
    'playlist_is_private',
  ),
  'GET /api/json/albums/{lifetime}/{gender}/{sort}/{count}/{file}': publicRead(
    'private albums are listed to their owner only (visibility.ts)',
  ),
  'GET /api/json/album/{lifetime}/{e6}/{e3}/{file}': publicRead(
    'a private album’s photos show to members (visibility.ts albumPhotosVisible)',
  ),

  // Counters and comments (stat.php).
  'POST /api/stat.php act=vote': own('create', 'vote'),
  'POST /api/stat.php act=view': own('create', 'vote'),
  'POST /api/stat.php act=comm': own('create', 'comment'),

  // A member's lists and playlists (input.php).
  'POST /api/input.php act=favourite': own('update', 'list'),
  'POST /api/input.php act=watch_later': own('update', 'list'),
  'POST /api/input.php act=subscribe': own('update', 'list'),
  'POST /api/input.php act=friend': own('update', 'list'),
  'POST /api/input.php act=playlist section=new': own('create', 'playlist'),
  'POST /api/input.php act=playlist section=upd': object('update', 'playlist'),
  'POST /api/input.php act=playlist section=del': object('delete', 'playlist'),
  'POST /api/input.php act=playlist section=add': object('update', 'playlist'),
  'POST /api/input.php act=playlist section=rem': object('update', 'playlist'),

  // Uploads (tus) and the upload form.
  'POST /api/upload/': own('create', 'upload'),
  'HEAD /api/upload/{id}': object('update', 'upload'),
  'PATCH /api/upload/{id}': object('update', 'upload'),
  'DELETE /api/upload/{id}': object('update', 'upload'),
  'POST /api/video_edit.php section=screens': object('update', 'upload'),
  'POST /api/video_edit.php section=add': object('update', 'upload'),
  'POST /api/video_edit.php section=delete': object('delete', 'video'),
  // A late 2257 record (decision 0055): the service files it for the video's owner only.
  'POST /api/video_edit.php section=records': own('update', 'video'),
  // The member's side of moderation (decision 0045): their own uploads and appeals; an appeal
  // is the member's own word (the service refuses another's statement to staff too).
  'GET /api/my_uploads.php': own('read', 'video'),
  'POST /api/appeal.php': own('update', 'video'),
  // Their other decisions (comments, playlists, albums, strikes, bans): about their account.
  'GET /api/my_decisions.php': own('read', 'profile'),
  // A DMCA counter-notice (decision 0049): the service answers not_found for another's item.
  'POST /api/counter_notice.php': own('update', 'video'),

  // Albums.
  'POST /api/album_edit.php section=new': own('create', 'album'),
  'POST /api/album_edit.php section=add': object('update', 'album'),
  'POST /api/album_edit.php section=upd': object('update', 'album'),
  'POST /api/album_edit.php section=rem': object('update', 'album'),
  'POST /api/album_edit.php section=del': object('delete', 'album'),

  // The member's own account: always the session's member (any user_id is ignored).
  'POST /api/member.php section=get': own('read', 'profile'),
  'POST /api/member.php section=upd': own('update', 'profile'),
  'POST /api/member.php section=pwd': own('update', 'profile'),
  'POST /api/member.php section=email': own('update', 'profile'),
  'POST /api/member.php section=email_cancel': own('update', 'profile'),
  'POST /api/member.php section=u_ava': own('update', 'profile'),
  'POST /api/member.php section=u_cover': own('update', 'profile'),
  'POST /api/member.php section=del_ava': own('update', 'profile'),
  'POST /api/member.php section=del_cover': own('update', 'profile'),
  'POST /api/age_verification.php': own('update', 'profile'),
  'GET /api/age_verification.php': own('read', 'profile'),
  'POST /api/age_verification/webhook': publicRead(
    'the age verifier’s webhook: only a call signed with the shared secret decides anything',
  ),
  // The member's own data (GDPR, decision 0057).
  'GET /api/my_data.php': own('read', 'profile'),
  'POST /api/account_delete.php': own('delete', 'profile'),

  // Social: the member's own relations and conversations.
  'GET /api/relation.php': own('read', 'list'),
  'GET /api/friend_requests.php': own('read', 'list'),
  'GET /api/messages.php': own('read', 'message'),
  'POST /api/messages.php section=send': own('create', 'message'),
  'POST /api/messages.php section=read': own('read', 'message'),

  // Ads and reports.
  'POST /api/ads/events': publicRead('impressions and clicks of anyone'),
  'GET /api/json/ads/{lifetime}/{file}': publicRead('ads for a country'),
  'GET /api/json/partner/{lifetime}/{gender}/{file}': publicRead('partner videos'),
  'POST /api/report.php': own('create', 'report'),

  // The console (decision 0043): staff only.
  'GET /api/admin/me': staff('read', 'audit'),
  'GET /api/admin/review': staff('review', 'video'),
  'GET /api/admin/review/{id}': staff('review', 'video'),
  'POST /api/admin/review/{id}': staff('review', 'video'),
  'POST /api/admin/videos/{id}': staff('update', 'video'),
  'GET /api/admin/members': staff('read', 'member'),
  'POST /api/admin/members/{id}/trusted': staff('update', 'member'),
  'GET /api/admin/audit': staff('read', 'audit'),
  'GET /api/admin/reports': staff('read', 'report'),
  'GET /api/admin/reports/{id}': staff('read', 'report'),
  'GET /api/admin/reports/{id}/attachment': staff('read', 'report'),
  'POST /api/admin/reports/{id}': staff('update', 'report'),
  'GET /api/admin/takedowns': staff('disable', 'video'),
  'POST /api/admin/takedowns': staff('disable', 'video'),
  'POST /api/admin/takedowns/{id}/restore': staff('disable', 'video'),
  'GET /api/admin/members/{id}': staff('read', 'member'),
  'GET /api/admin/members/{id}/uploads': staff('read', 'member'),
  'GET /api/admin/members/{id}/comments': staff('read', 'member'),
  'GET /api/admin/members/{id}/wall_posts': staff('read', 'member'),
  'GET /api/admin/members/{id}/reports': staff('read', 'member'),
  'POST /api/admin/members/{id}/ban': staff('disable', 'member'),
  'POST /api/admin/members/{id}/unban': staff('disable', 'member'),
  'POST /api/admin/members/{id}/strikes': staff('disable', 'member'),
  'POST /api/admin/strikes/{id}/revoke': staff('disable', 'member'),
  'POST /api/admin/members/{id}/comments/remove': staff('hide', 'comment'),
  'POST /api/admin/wall_posts/{id}/hide': staff('hide', 'comment'),
  'POST /api/admin/wall_posts/{id}/unhide': staff('hide', 'comment'),
  'GET /api/admin/dmca': staff('read', 'report'),
  'POST /api/admin/dmca': staff('disable', 'video'),
  'GET /api/admin/dmca/{id}': staff('read', 'report'),
  'POST /api/admin/dmca/{id}/act': staff('disable', 'video'),
  'POST /api/admin/dmca/{id}/reject': staff('disable', 'video'),
  'POST /api/admin/dmca/items/{id}/lawsuit': staff('disable', 'video'),
  'GET /api/admin/appeals': staff('disable', 'video'),
  'POST /api/admin/appeals/{id}': staff('disable', 'video'),
  'GET /api/admin/age-checks': staff('review', 'member'),
  'GET /api/admin/age-checks/{id}/photo': staff('review', 'member'),
  'POST /api/admin/age-checks/{id}': staff('review', 'member'),
  'GET /api/admin/records/{id}': staff('read', 'record'),
  'GET /api/admin/records/{id}/documents/{document}': staff('read', 'record'),
};

/** `METHOD path` of a key: the OpenAPI operation it belongs to. */
export function operationOf(key: string): string {
  return key.split(' ').slice(0, 2).join(' ');
}
