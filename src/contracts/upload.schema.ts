import { recordFiledSchema } from './records.schema.ts';
import { z } from './zod.ts';

// Answers of `POST /api/video_edit.php` (SPEC.md §7), for the OpenAPI document. The web app
// imports the types only, so its bundle does not carry zod.

const numeric = z.string().regex(/^\d+$/);

/** section=screens: what the finished upload is, and the frames offered as its preview. */
export const uploadScreensSchema = z.object({
  success: z.literal(1),
  upload_id: z.string(),
  duration: z.string().describe('M:SS or H:MM:SS'),
  duration_seconds: numeric,
  width: numeric,
  height: numeric,
  exclusive_only: z
    .enum(['0', '1'])
    .describe('1 when the video is long enough only as an exclusive (6 to 10 minutes)'),
  screenshots: z
    .array(z.string())
    .describe('Candidate previews as JPEG data URLs (320x180); `screenshot` picks one, 1-based'),
});
export type UploadScreens = z.infer<typeof uploadScreensSchema>;

/** section=add: the video made from the upload, processing until its first rung plays. */
export const videoCreatedSchema = z.object({
  success: z.literal(1),
  video_id: numeric,
  status_id: z.literal('3'),
  url: z.string().describe('The video page: /videos/{video_id}/{dir}/'),
});
export type VideoCreated = z.infer<typeof videoCreatedSchema>;

/** section=delete. */
export const videoRemovedSchema = z.object({ success: z.literal(1) });
export type VideoRemoved = z.infer<typeof videoRemovedSchema>;

export const videoEditAnswerSchema = z.union([
  videoCreatedSchema,
  uploadScreensSchema,
  videoRemovedSchema,
  recordFiledSchema,
]);
