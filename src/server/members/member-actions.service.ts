import { AppError } from '../../contracts/errors.ts';
import { formatPostDate } from '../../contracts/format.ts';
import type { InputRequest } from '../../contracts/input.rules.ts';
import type { CommentSection } from '../../contracts/members.schema.ts';
import {
  COMMENT_LIMITS,
  type CommentRequest,
  type CommentResponse,
} from '../../contracts/stat.schema.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import {
  type Action,
  type Entity,
  type OwnerFilter,
  ownerFilter,
  requireAccess,
  requireViewer,
} from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { MemberActionsRepository, Outcome } from './member-actions.repository.ts';

// What a signed-in member does (SPEC.md §6): input.php (favourites, watch later, playlists,
// subscriptions) and comments. The access policy decides: a visitor gets `need_auth`;
// another member's playlist `no_permission` (a missing one `not_found`); "already there" is
// a notify code the web app shows as a toast.

export type InputAnswer = {
  success: 1;
  playlist_id?: string;
  subscribers?: number;
  /** act=friend section=add: a request was sent, or the other member's request accepted. */
  friend?: 'sent' | 'friends';
};

const notify = (
  code: 'already_added' | 'subscribe_cant_subscribe_myself' | 'friend_cant_add_myself',
) => new AppError(code, { codes: [{ field: 'notify', code }], field: 'notify' });

function settle(outcome: Outcome): void {
  switch (outcome) {
    case 'done':
      return;
    case 'already':
      throw notify('already_added');
    case 'not_found':
      throw new AppError('not_found');
  }
}

export function createMemberActionsService(deps: {
  actions: MemberActionsRepository;
  urls: Pick<MediaUrls, 'memberAvatar'>;
  /** Called after a change that cached public answers show (comments, walls, playlists). */
  changed(what: { section: CommentSection; objectId: number }): void;
}) {
  const { actions } = deps;

  async function checkCategories(ids: number[]): Promise<void> {
    if ((await actions.countCategories(ids)) !== ids.length) {
      throw AppError.form([{ field: 'categories', code: 'invalid_params' }]);
    }
  }

  /**
   * What an input.php call does in the policy's words: a member's own lists, or a playlist
   * (whose owner is checked again per playlist below).
   */
  function inputPermission(request: InputRequest): [Action, Entity] {
    if (request.act !== 'playlist') return ['update', 'list'];
    if (request.section === 'new') return ['create', 'playlist'];
    return [request.section === 'del' ? 'delete' : 'update', 'playlist'];
  }

  /** The policy's answer for a playlist change, as the repository's owner filter. */
  async function playlistFilter(
    viewer: Viewer,
    action: Action,
    playlistId: number,
  ): Promise<OwnerFilter> {
    const ownerId = await actions.playlistOwner(playlistId);
    if (ownerId === undefined) throw new AppError('not_found');
    return ownerFilter(viewer, requireAccess(viewer, action, 'playlist', { ownerId }));
  }

  return {
    async input(request: InputRequest, viewer: Viewer | null): Promise<InputAnswer> {
      const member = requireViewer(viewer, ...inputPermission(request));
      const userId = member.userId;
      switch (request.act) {
        case 'favourite':
        case 'watch_later': {
          const list = request.act === 'favourite' ? 'favourites' : 'watch_later';
          settle(
            request.section === 'add'
              ? await actions.addToList(list, userId, request.videoId)
              : await actions.removeFromList(list, userId, request.videoId),
          );
          // Others read a member's favourites from the cache (watch later is theirs alone).
          if (list === 'favourites') deps.changed({ section: 'member', objectId: userId });
          return { success: 1 };
        }
        case 'subscribe': {
          if (request.type === 'member' && request.objectId === userId) {
            throw notify('subscribe_cant_subscribe_myself');
          }
          const result = await actions.subscribe(
            userId,
            request.type,
            request.objectId,
            request.section === 'add',
          );
          settle(result.outcome);
          if (request.type === 'member') {
            // Their subscribers and this member's subscriptions are listed on the profiles.
            deps.changed({ section: 'member', objectId: userId });
            deps.changed({ section: 'member', objectId: request.objectId });
          }
          return { success: 1, subscribers: result.subscribers };
        }
        case 'friend': {
          if (request.objectId === userId) throw notify('friend_cant_add_myself');
          let friend: InputAnswer['friend'];
          if (request.section === 'add') {
            const outcome = await actions.befriend(userId, request.objectId);
            if (outcome === 'already' || outcome === 'not_found') settle(outcome);
            else friend = outcome;
          } else {
            settle(await actions.unfriend(userId, request.objectId));
          }
          // Both profiles count friends and list them.
          deps.changed({ section: 'member', objectId: userId });
          deps.changed({ section: 'member', objectId: request.objectId });
          return friend ? { success: 1, friend } : { success: 1 };
        }
        case 'playlist': {
          switch (request.section) {
            case 'new': {
              await checkCategories(request.fields.categories);
              const created = await actions.createPlaylist(userId, request.fields, request.videoId);
              if (created.outcome !== 'done') throw new AppError('not_found');
              return { success: 1, playlist_id: String(created.id) };
            }
            case 'upd': {
              await checkCategories(request.fields.categories);
              const filter = await playlistFilter(member, 'update', request.playlistId);
              settle(await actions.updatePlaylist(request.playlistId, request.fields, filter));
              break;
            }
            case 'del': {
              const filter = await playlistFilter(member, 'delete', request.playlistId);
              settle(await actions.deletePlaylist(request.playlistId, filter));
              break;
            }
            case 'add': {
              const filter = await playlistFilter(member, 'update', request.playlistId);
              settle(await actions.playlistAdd(request.playlistId, request.videoId, filter));
              break;
            }
            case 'rem': {
              const filter = await playlistFilter(member, 'update', request.playlistId);
              settle(await actions.playlistRemove(request.playlistId, request.videoId, filter));
              break;
            }
          }
          deps.changed({ section: 'playlist', objectId: request.playlistId });
          return { success: 1 };
        }
      }
    },

    /** `act=comm` of the stat call: a comment, or a post on a member's wall. */
    async comment(request: CommentRequest, viewer: Viewer | null): Promise<CommentResponse> {
      const member = requireViewer(viewer, 'create', 'comment');
      const text = typeof request.msg === 'string' ? request.msg.trim() : '';
      const fail = (code: 'required' | 'min_length' | 'max_length', length?: number) =>
        new AppError(code, {
          field: 'msg',
          codes: [{ field: 'msg', code }],
          ...(length ? { info: { length } } : {}),
        });
      if (text === '') throw fail('required');
      if (text.length < COMMENT_LIMITS.min) throw fail('min_length', COMMENT_LIMITS.min);
      if (text.length > COMMENT_LIMITS.max) throw fail('max_length', COMMENT_LIMITS.max);
      const row = await actions.addComment(request.section, request.object_id, member.userId, text);
      if (!row) throw new AppError('not_found');
      deps.changed({ section: request.section, objectId: request.object_id });
      const id = String(row.id);
      return {
        success: 1,
        comment_id: id,
        comment: {
          comment_id: id,
          user_id: String(member.userId),
          username: member.username,
          avatar: deps.urls.memberAvatar(member.userId, member.avatarVersion),
          added_date: formatPostDate(new Date(row.created_at)),
          comment: text,
        },
      };
    },
  };
}

export type MemberActionsService = ReturnType<typeof createMemberActionsService>;
