import type { RecordFiled } from '../../../contracts/records.schema.ts';
import type {
  UploadScreens,
  VideoCreated,
  VideoRemoved,
} from '../../../contracts/upload.schema.ts';
import type { VideoStatus } from '../../../contracts/video.schema.ts';
import { ApiError, parseApiResponse, postForm, postMultipart } from '../../api/client.ts';

// The video_edit.php calls of the upload screen (SPEC.md §7): look at a finished upload,
// publish it with its form (multipart when an own preview image goes with it), delete a
// video, file the 2257 record of one that has none. Each throws the ApiError of a refusal,
// field errors in its `codes`.

const PATH = '/api/video_edit.php';

export function fetchScreens(uploadId: string): Promise<UploadScreens> {
  return postForm(PATH, { section: 'screens', upload_id: uploadId });
}

/**
 * A video_edit.php section with the declaration's files (decision 0055): a plain form, or
 * multipart when files go with it.
 */
function videoEdit<T>(
  section: string,
  fields: Record<string, string>,
  files: Record<string, File>,
): Promise<T> {
  if (Object.keys(files).length === 0) return postForm(PATH, { section, ...fields });
  const body = new FormData();
  body.append('section', section);
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, file] of Object.entries(files)) body.append(name, file, file.name);
  return postMultipart(PATH, body);
}

/**
 * Publishes an upload: a plain form, or multipart when files go with it (an own `preview`,
 * the 2257 documents; decision 0055).
 */
export function submitVideo(
  fields: Record<string, string>,
  files: Record<string, File>,
): Promise<VideoCreated> {
  return videoEdit('add', fields, files);
}

/** Files the 2257 record of an own video that has none (`section=records`, decision 0055). */
export function fileRecord(
  videoId: number,
  fields: Record<string, string>,
  files: Record<string, File>,
): Promise<RecordFiled> {
  return videoEdit('records', { video_id: String(videoId), ...fields }, files);
}

/** The video's way through the media pipeline (`/api/video_status.php`), uncached. */
export async function fetchVideoStatus(
  videoId: number,
  signal?: AbortSignal,
): Promise<VideoStatus> {
  let response: Response;
  try {
    response = await fetch(`/api/video_status.php?video_id=${videoId}`, {
      headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, { error: 'Network error', code: 'general_error' });
  }
  const body: unknown = await response.json().catch(() => undefined);
  return parseApiResponse<VideoStatus>(response.status, body);
}

export function removeVideo(videoId: number | string): Promise<VideoRemoved> {
  return postForm(PATH, { section: 'delete', video_id: String(videoId) });
}
