import { AppError } from '../../contracts/errors.ts';
import { formatPostDate } from '../../contracts/format.ts';
import type { MembersParams, ProfileSection } from '../../contracts/members.paths.ts';
import type {
  CommentSection,
  CommentsResponse,
  MemberListItem,
  MemberResponse,
  MembersResponse,
  SubscriptionsResponse,
} from '../../contracts/members.schema.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import { EXACT_COUNT_CAP } from '../catalogue/video.service.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import { playlistReadable } from '../kernel/access/visibility.ts';
import type { Personal } from '../playlists/playlist.service.ts';
import {
  COMMENTS_LIMIT,
  type MemberRepository,
  type MemberRow,
  WALL_LIMIT,
} from './member.repository.ts';

// Members, their public profiles and walls, comments on any object, and subscriptions
// (SPEC.md §7 members, member, comments, subscriptions).

export interface MemberServiceDeps {
  members: MemberRepository;
  urls: MediaUrls;
}

const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));

export function createMemberService(deps: MemberServiceDeps) {
  const { urls } = deps;

  const item = (row: MemberRow): MemberListItem => ({
    user_id: String(row.id),
    username: row.username,
    display_name: row.display_name || row.username,
    avatar: urls.memberAvatar(row.id, row.avatar_version),
    country: text(row.country),
    gender: text(row.gender),
    age: text(row.age),
    statistics: { videos: String(row.videos_count), subscribers: String(row.subscribers_count) },
  });

  return {
    async members(params: MembersParams): Promise<MembersResponse> {
      if (params.section !== 'all') {
        const owner = Number(params.filters.object_id);
        if (!(await deps.members.memberExists(owner))) throw new AppError('not_found');
      }
      const { rows, total } = await deps.members.list(
        params.section,
        params.filters,
        params.sort,
        params.query,
        params.count,
        (params.page - 1) * params.count,
        EXACT_COUNT_CAP,
      );
      return {
        members: rows.map(item),
        total_count: String(total),
        pages: Math.ceil(total / params.count),
      };
    },

    async member(id: number, section: ProfileSection): Promise<MemberResponse> {
      const row = await deps.members.profile(id);
      if (!row) throw new AppError('not_found');
      const member = {
        ...item(row),
        cover: urls.memberCover(row.id, row.cover_version),
        age_verified: row.age_verified ? ('1' as const) : ('0' as const),
        relationship: text(row.relationship),
        orientation: text(row.orientation),
        education: row.education,
        website: row.website,
        city: row.city,
        interests: row.interests,
        occupation: row.occupation,
        about: row.about,
        registered: formatPostDate(new Date(row.created_at)),
        statistics: {
          videos: String(row.videos_count),
          subscribers: String(row.subscribers_count),
          friends: String(row.friends),
          favourites: String(row.favourites),
          playlists: String(row.playlists),
          profile_views: String(row.profile_views),
        },
      };
      if (section === 'profile') return { member };
      const posts = await deps.members.wall(id, WALL_LIMIT);
      return {
        member,
        wall: posts.map((post) => ({
          post_id: String(post.id),
          user_id: String(post.user_id),
          username: post.username,
          avatar: urls.memberAvatar(post.user_id, post.avatar_version),
          added_date: formatPostDate(new Date(post.created_at)),
          message: post.body,
        })),
      };
    },

    /**
     * Comments on an object. A private playlist's are its owner's alone (personal); others
     * get `playlist_is_private`, as for the playlist itself.
     */
    async comments(
      section: CommentSection,
      objectId: number,
      viewer: Viewer | null,
    ): Promise<Personal<CommentsResponse>> {
      let personal = false;
      if (section === 'playlist') {
        const access = await deps.members.playlistAccess(objectId);
        if (!access) throw new AppError('not_found');
        if (
          !playlistReadable(
            { user_id: access.userId, is_private: access.isPrivate ? 1 : 0 },
            viewer,
          )
        ) {
          throw new AppError('playlist_is_private');
        }
        personal = access.isPrivate;
      } else if (!(await deps.members.objectExists(section, objectId))) {
        throw new AppError('not_found');
      }
      const { rows, total } = await deps.members.comments(section, objectId, COMMENTS_LIMIT);
      const body: CommentsResponse = {
        comments: rows.map((row) => ({
          comment_id: String(row.id),
          user_id: String(row.user_id),
          username: row.username,
          avatar: urls.memberAvatar(row.user_id, row.avatar_version),
          added_date: formatPostDate(new Date(row.created_at)),
          comment: row.body,
        })),
        total_count: String(total),
      };
      return { body, personal };
    },

    async subscriptions(userId: number): Promise<SubscriptionsResponse> {
      if (!(await deps.members.memberExists(userId))) throw new AppError('not_found');
      const { channels, models, members } = await deps.members.subscriptions(userId);
      const named = (
        rows: { id: number; dir: string; title: string; image_version: number; total: number }[],
        image: (id: number, version: number) => string,
      ) =>
        rows.map((row) => ({
          id: String(row.id),
          dir: row.dir,
          title: row.title,
          avatar: image(row.id, row.image_version),
          total_videos: String(row.total),
        }));
      return {
        subscriptions: {
          channels: named(channels, urls.channelImage),
          models: named(models, urls.modelImage),
          members: members.map((row) => ({
            user_id: String(row.id),
            username: row.username,
            avatar: urls.memberAvatar(row.id, row.avatar_version),
          })),
        },
        total_count: String(channels.length + models.length + members.length),
      };
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
