import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import type { MediaTask, VideoMedia } from '../../db/schema.ts';

// Media state of videos: what the pipeline reads before it starts and writes when done.

export interface VideoForProcessing {
  id: number;
  status_id: number;
  media: VideoMedia;
}

export function createVideoMediaRepository(database: Pick<Database, 'query'>) {
  return {
    async getForProcessing(id: number): Promise<VideoForProcessing | undefined> {
      const rows = await database.query<VideoForProcessing>(
        'SELECT id, status_id, media FROM videos WHERE id = $1',
        [id],
      );
      return rows[0];
    },

    /**
     * Records a video's source file. An upload becomes `processing` until the pipeline is
     * done; `keepStatus` gives an already published video new media without hiding it.
     */
    async setSource(id: number, sourceKey: string, opts: { keepStatus?: boolean } = {}) {
      await database.query(
        `UPDATE videos SET
            status_id = CASE WHEN $4 THEN status_id ELSE $2 END,
            media = media || jsonb_build_object('source', $3::text), updated_at = now()
          WHERE id = $1`,
        [id, VIDEO_STATUS.processing, sourceKey, opts.keepStatus === true],
      );
    },

    /**
     * Starts a pipeline run: a new generation with its probe, screenshots and the list of
     * steps, all queued. Returns the generation.
     */
    async startRun(
      id: number,
      run: { probe: NonNullable<VideoMedia['probe']>; screenshots: number; tasks: string[] },
    ): Promise<number> {
      const at = new Date().toISOString();
      const tasks = Object.fromEntries(run.tasks.map((task) => [task, { state: 'queued', at }]));
      const rows = await database.query<{ gen: number }>(
        `UPDATE videos SET
            duration = $5,
            media = (media - 'error' - 'tasks') || jsonb_build_object(
              'gen', COALESCE((media->>'gen')::int, 0) + 1, 'probe', $2::jsonb,
              'screenshots', $3::int, 'tasks', $4::jsonb),
            media_version = media_version + 1, screenshots_count = $3, updated_at = now()
          WHERE id = $1
          RETURNING (media->>'gen')::int AS gen`,
        [
          id,
          JSON.stringify(run.probe),
          run.screenshots,
          JSON.stringify(tasks),
          Math.max(1, Math.round(run.probe.duration)),
        ],
      );
      const gen = Number(rows[0]?.gen);
      if (!Number.isSafeInteger(gen)) throw new Error(`video ${id} is gone`);
      return gen;
    },

    /** Updates one step of a run; false when the run is no longer current. */
    async setTask(id: number, gen: number, task: string, patch: MediaTask): Promise<boolean> {
      const rows = await database.query<{ id: number }>(
        `UPDATE videos SET media = jsonb_set(media, ARRAY['tasks', $3::text],
            COALESCE(media->'tasks'->$3, '{}'::jsonb) || $4::jsonb)
          WHERE id = $1 AND (media->>'gen')::int = $2
          RETURNING id`,
        [id, gen, task, JSON.stringify({ ...patch, at: new Date().toISOString() })],
      );
      return rows.length > 0;
    },

    /**
     * Publishes an HLS rung: the master playlist lists it, and a processing video becomes
     * active with its first playable rung, or waits for review when its upload needs it
     * (decision 0043). Returns the published heights, best first.
     */
    async publishRung(id: number, gen: number, height: number, masterKey: string) {
      const rows = await database.query<{ rungs: number[] }>(
        `UPDATE videos SET
            status_id = CASE WHEN status_id <> $5 THEN status_id WHEN needs_review THEN $7
                             ELSE $6 END,
            review_since = CASE WHEN status_id = $5 AND needs_review THEN now()
                                ELSE review_since END,
            media = media || jsonb_build_object('hls', $4::text,
              'width', media->'probe'->'width', 'height', media->'probe'->'height',
              'rungs', (SELECT jsonb_agg(h ORDER BY h DESC) FROM (
                SELECT (jsonb_array_elements_text(COALESCE(media->'rungs', '[]'::jsonb)))::int AS h
                UNION SELECT $3::int) r)),
            is_hd = GREATEST($3, COALESCE((media->'rungs'->>0)::int, 0)) >= 720,
            media_version = media_version + 1, updated_at = now()
          WHERE id = $1 AND (media->>'gen')::int = $2
          RETURNING media->'rungs' AS rungs`,
        [
          id,
          gen,
          height,
          masterKey,
          VIDEO_STATUS.processing,
          VIDEO_STATUS.active,
          VIDEO_STATUS.review,
        ],
      );
      return rows[0]?.rungs;
    },

    /** Records finished outputs of a run (timeline, hover clip, download files). */
    async setOutputs(
      id: number,
      gen: number,
      outputs: Pick<VideoMedia, 'timeline' | 'hover' | 'files'>,
    ): Promise<boolean> {
      const rows = await database.query<{ id: number }>(
        `UPDATE videos SET media = media || $3::jsonb, updated_at = now()
          WHERE id = $1 AND (media->>'gen')::int = $2
          RETURNING id`,
        [id, gen, JSON.stringify(outputs)],
      );
      return rows.length > 0;
    },

    /**
     * The pipeline gave up on a video still processing: it fails with `code` (SPEC.md §8),
     * which video_status answers as its `failure`. With `gen`, only while that run is
     * current. A published video keeps playing whatever a later step does.
     */
    async markFailed(id: number, code: string, gen?: number): Promise<void> {
      await database.query(
        `UPDATE videos SET status_id = $2, media = media || jsonb_build_object('error', $3::text),
                updated_at = now()
          WHERE id = $1 AND status_id = $4
            AND ($5::int IS NULL OR (media->>'gen')::int = $5)`,
        [id, VIDEO_STATUS.error, code, VIDEO_STATUS.processing, gen ?? null],
      );
    },

    /** Whether a video is one of the demo's shared clips (docs/decisions/0033). */
    async isSharedClip(id: number): Promise<boolean> {
      const rows = await database.query<{ clip: boolean }>(
        `SELECT media ? 'pool' AS clip FROM videos WHERE id = $1`,
        [id],
      );
      return rows[0]?.clip === true;
    },

    /**
     * Copies what a shared clip has made so far (its playlists, timeline, hover clip and
     * downloads: storage keys in the clip's folder) and its length to the rows that play it;
     * every clip when no id is given. Returns the ids of the rows updated. The rows' own
     * pictures, screenshots and source stay theirs.
     */
    async shareOutputs(clipId?: number): Promise<number[]> {
      const rows = await database.query<{ id: number }>(
        `UPDATE videos v SET
            media = v.media || jsonb_strip_nulls(jsonb_build_object(
              'hls', p.media->'hls', 'rungs', p.media->'rungs', 'width', p.media->'width',
              'height', p.media->'height', 'timeline', p.media->'timeline',
              'hover', p.media->'hover', 'files', p.media->'files')),
            duration = p.duration, updated_at = now()
          FROM videos p
          WHERE p.media ? 'pool' AND ($1::int IS NULL OR p.id = $1)
            AND p.media ? 'hls' AND v.media ? 'sharedFrom' AND v.media->>'sharedFrom' = p.id::text
            AND v.status_id <> $2
          RETURNING v.id`,
        [clipId ?? null, VIDEO_STATUS.deleted],
      );
      return rows.map((row) => Number(row.id));
    },

    /**
     * Whether some shared clip is still being made: no downloads yet (the last step) and
     * no step that failed for good.
     */
    async sharedClipsPending(): Promise<boolean> {
      const rows = await database.query<{ pending: boolean }>(
        `SELECT EXISTS (
            SELECT 1 FROM videos v WHERE v.media ? 'pool' AND NOT v.media ? 'files'
               AND NOT EXISTS (SELECT 1 FROM jsonb_each(COALESCE(v.media->'tasks', '{}'::jsonb)) t
                                WHERE t.value->>'state' = 'failed')) AS pending`,
      );
      return rows[0]?.pending === true;
    },
  };
}

export type VideoMediaRepository = ReturnType<typeof createVideoMediaRepository>;
