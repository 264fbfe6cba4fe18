import { AppError } from '../../contracts/errors.ts';
import { formatPostDate } from '../../contracts/format.ts';
import {
  type ConversationsResponse,
  type FriendRequestsResponse,
  type FriendState,
  MESSAGE_LIMITS,
  type MemberRef,
  type Message,
  type RelationResponse,
  type RelationType,
  type SendMessageResponse,
  type ThreadResponse,
} from '../../contracts/social.schema.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import { requireViewer } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { MemberRow, MessageRow, SocialRepository } from './social.repository.ts';

// Friends and messages between members (SPEC.md §1, §7 messages.php): the signed-in member's
// relation to a profile, their friend requests, conversations and sending a message.

const UNREAD_CAP = 99;

const date = (value: Date | string) => formatPostDate(new Date(value));

export function createSocialService(deps: {
  social: SocialRepository;
  urls: Pick<MediaUrls, 'memberAvatar'>;
}) {
  const { social } = deps;

  const member = (row: MemberRow): MemberRef => ({
    user_id: String(row.user_id),
    username: row.username,
    avatar:
      Number(row.avatar_version) > 0
        ? deps.urls.memberAvatar(Number(row.user_id), Number(row.avatar_version))
        : '',
  });

  const message = (row: MessageRow, userId: number): Message => ({
    message_id: String(row.id),
    from_me: Number(row.from_user_id) === userId,
    body: row.body,
    added_date: date(row.created_at),
    read: row.read_at !== null,
  });

  return {
    async relation(
      viewer: Viewer | null,
      type: RelationType,
      objectId: number,
    ): Promise<RelationResponse> {
      const { userId } = requireViewer(viewer, 'read', 'list');
      const found = await social.relation(userId, type, objectId);
      let friend: FriendState = 'none';
      if (found.friends.some((row) => row.status === 1)) friend = 'friends';
      else if (found.friends.some((row) => row.from === userId)) friend = 'sent';
      else if (found.friends.length > 0) friend = 'received';
      return { subscribed: found.subscribed, friend };
    },

    async friendRequests(viewer: Viewer | null): Promise<FriendRequestsResponse> {
      const { userId } = requireViewer(viewer, 'read', 'list');
      const { incoming, outgoing } = await social.friendRequests(userId);
      const shape = (rows: typeof incoming) =>
        rows.map((row) => ({ ...member(row), added_date: date(row.created_at) }));
      return { incoming: shape(incoming), outgoing: shape(outgoing) };
    },

    async send(viewer: Viewer | null, toId: number, text: string): Promise<SendMessageResponse> {
      const { userId } = requireViewer(viewer, 'create', 'message');
      const body = text.trim();
      const fail = (code: 'required' | 'max_length', info?: Record<string, number>) =>
        new AppError(code, {
          field: 'message',
          codes: [{ field: 'message', code }],
          ...(info ? { info } : {}),
        });
      if (body.length < MESSAGE_LIMITS.min) throw fail('required');
      if (body.length > MESSAGE_LIMITS.max)
        throw fail('max_length', { length: MESSAGE_LIMITS.max });
      if (toId === userId) {
        throw new AppError('message_cant_send_myself', {
          field: 'notify',
          codes: [{ field: 'notify', code: 'message_cant_send_myself' }],
        });
      }
      if (!(await social.activeMember(toId))) throw new AppError('not_found', { field: 'to' });
      const row = await social.sendMessage(userId, toId, body);
      return { success: 1, message: message(row, userId) };
    },

    async conversations(viewer: Viewer | null, page: number): Promise<ConversationsResponse> {
      const { userId } = requireViewer(viewer, 'read', 'message');
      const size = MESSAGE_LIMITS.conversationsPage;
      const rows = await social.conversations(userId, size, (page - 1) * size);
      return {
        conversations: rows.slice(0, size).map((row) => ({
          member: member({
            user_id: row.other,
            username: row.username,
            avatar_version: row.avatar_version,
          }),
          last: message(row, userId),
          unread: Number(row.unread),
        })),
        page,
        has_more: rows.length > size,
        unread: await social.unreadCount(userId, UNREAD_CAP),
      };
    },

    async thread(viewer: Viewer | null, otherId: number, page: number): Promise<ThreadResponse> {
      const { userId } = requireViewer(viewer, 'read', 'message');
      const other = await social.activeMember(otherId);
      if (!other || otherId === userId) throw new AppError('not_found', { field: 'with' });
      const size = MESSAGE_LIMITS.threadPage;
      const rows = await social.thread(userId, otherId, size, (page - 1) * size);
      return {
        member: member(other),
        messages: rows.slice(0, size).map((row) => message(row, userId)),
        page,
        has_more: rows.length > size,
      };
    },

    async markRead(viewer: Viewer | null, otherId: number): Promise<{ success: 1; read: number }> {
      const { userId } = requireViewer(viewer, 'read', 'message');
      return { success: 1, read: await social.markRead(userId, otherId) };
    },

    unreadCount: (userId: number) => social.unreadCount(userId, UNREAD_CAP),
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
