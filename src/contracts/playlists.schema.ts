import { GENDERS } from './constants.ts';
import { removedSchema } from './removed.schema.ts';
import { z } from './zod.ts';

// Shapes of the playlist and album calls (SPEC.md §3 Playlist, Album). Counts as strings.

const numeric = z.string().regex(/^\d+$/);
const owner = z.object({ id: numeric, username: z.string() });

export const playlistItemSchema = z.object({
  playlist_id: numeric,
  title: z.string(),
  description: z.string(),
  private: z.enum(['0', '1']),
  orientation: z.enum(GENDERS),
  categories: z.array(z.object({ id: numeric, dir: z.string(), title: z.string() })),
  total_videos: numeric,
  views: numeric,
  user: owner,
  toptn: z.array(z.object({ video_id: numeric, scr: z.string() })),
  added_date: z.string(),
});
export type PlaylistItem = z.infer<typeof playlistItemSchema>;

export const playlistsResponseSchema = z.object({
  playlists: z.array(playlistItemSchema),
  total_count: numeric,
  pages: z.number().int().nonnegative(),
});
export type PlaylistsResponse = z.infer<typeof playlistsResponseSchema>;

export const playlistResponseSchema = z.object({
  playlist: playlistItemSchema.extend({
    removed: removedSchema
      .optional()
      .describe(
        'Taken down by staff: its videos and comments are gone for everyone but staff, its toptn empty',
      ),
  }),
});
export type PlaylistResponse = z.infer<typeof playlistResponseSchema>;

export const albumItemSchema = z.object({
  album_id: numeric,
  dir: z.string(),
  title: z.string(),
  photos_amount: numeric,
  album_viewed: numeric,
  rating: numeric,
  likes: numeric,
  post_date: z.string(),
  scr: z.string(),
  user: owner,
  private: z.enum(['0', '1']),
});
export type AlbumItem = z.infer<typeof albumItemSchema>;

export const albumsResponseSchema = z.object({
  albums: z.array(albumItemSchema),
  total_count: numeric,
  pages: z.number().int().nonnegative(),
});
export type AlbumsResponse = z.infer<typeof albumsResponseSchema>;

export const albumDetailSchema = albumItemSchema.extend({
  description: z.string(),
  cover_photo_id: z.string().regex(/^\d*$/).describe('The cover photo, empty when none'),
  status_id: z.enum(['1', '5']).describe('1 active, 5 deleted or taken down'),
  removed: removedSchema.optional(),
  is_private: z.enum(['0', '1']),
  statistics: z.object({ viewed: numeric, likes: numeric, dislikes: numeric }),
  photos: z
    .array(
      z.object({
        photo_id: numeric,
        url: z.string(),
        thumb: z.string(),
        width: numeric,
        height: numeric,
      }),
    )
    .describe(
      'Empty for a deleted or taken-down album, and for a private one unless a signed-in member asks',
    ),
});
export const albumResponseSchema = z.object({ album: albumDetailSchema });
export type AlbumResponse = z.infer<typeof albumResponseSchema>;

/** `POST /api/album_edit.php` (SPEC.md §7): ok, with the album as its owner now sees it. */
export const albumEditAnswerSchema = z.object({
  success: z.literal(1),
  album_id: numeric.optional().describe('section=new: the new album'),
  album: albumDetailSchema
    .optional()
    .describe('The album after the change, as its owner sees it (every section but del)'),
});
export type AlbumEditAnswer = z.infer<typeof albumEditAnswerSchema>;
