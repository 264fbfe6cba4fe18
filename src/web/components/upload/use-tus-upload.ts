import { useCallback, useEffect, useRef, useState } from 'react';
import type { Upload } from 'tus-js-client';
import { UPLOAD_ENDPOINT } from '../../../contracts/upload.rules.ts';
import { tusFailure, type UploadFailure } from './upload-failure.ts';

// One resumable upload (tus, docs/decisions/0015) and what the screen shows of it. The file
// goes in chunks; a lost connection is retried, and when the browser is offline the upload
// waits and goes on by itself once it is back. Pause keeps what was sent; cancel drops it
// on the server too. The same file chosen again (after a reload) resumes where it stopped.

/** One chunk per request: a slow line finishes each within the server's request timeout. */
const CHUNK_BYTES = 16 * 1024 * 1024;
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'offline' | 'failed' | 'done';

export interface UploadState {
  phase: UploadPhase;
  sent: number;
  total: number;
  /** Set once the server made the upload. */
  uploadId: string | undefined;
  failure: UploadFailure | undefined;
  /** The upload went on from an earlier start of the same file. */
  resumed: boolean;
}

const IDLE: UploadState = {
  phase: 'idle',
  sent: 0,
  total: 0,
  uploadId: undefined,
  failure: undefined,
  resumed: false,
};

const idOf = (url: string | null) => (url ? url.split('/').pop() : undefined);

export function useTusUpload(csrf: string) {
  const [state, setState] = useState<UploadState>(IDLE);
  const upload = useRef<Upload | null>(null);
  const shown = useRef(-1);

  const update = useCallback(
    (patch: Partial<UploadState>) => setState((now) => ({ ...now, ...patch })),
    [],
  );

  const start = useCallback(
    async (file: File) => {
      shown.current = -1;
      setState({ ...IDLE, phase: 'uploading', total: file.size });
      const tus = await import('tus-js-client');
      const current: Upload = new tus.Upload(file, {
        endpoint: UPLOAD_ENDPOINT,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        metadata: { filename: file.name, filetype: file.type },
        headers: csrf ? { 'x-csrf-token': csrf } : {},
        removeFingerprintOnSuccess: true,
        onUploadUrlAvailable() {
          update({ uploadId: idOf(current.url) });
        },
        onProgress(sent, total) {
          // A render per tenth of a percent at most.
          const step = total > 0 ? Math.floor((sent / total) * 1000) : 0;
          if (step === shown.current) return;
          shown.current = step;
          update({ sent, total });
        },
        onSuccess() {
          update({ phase: 'done', sent: file.size, uploadId: idOf(current.url) });
        },
        onError(error) {
          if (upload.current !== current) return;
          const failure = tusFailure(error);
          const offline =
            failure.network === true &&
            typeof navigator !== 'undefined' &&
            navigator.onLine === false;
          update({ phase: offline ? 'offline' : 'failed', failure });
        },
      });
      upload.current = current;
      const previous = await current.findPreviousUploads();
      const last = previous[0];
      if (last) {
        current.resumeFromPreviousUpload(last);
        update({ resumed: true });
      }
      current.start();
    },
    [csrf, update],
  );

  const pause = useCallback(() => {
    void upload.current?.abort();
    update({ phase: 'paused' });
  }, [update]);

  const resume = useCallback(() => {
    update({ phase: 'uploading', failure: undefined });
    upload.current?.start();
  }, [update]);

  /** Drops the upload here and on the server, and starts over. */
  const cancel = useCallback(async () => {
    const current = upload.current;
    upload.current = null;
    setState(IDLE);
    if (current?.url) await current.abort(true).catch(() => {});
    else await current?.abort().catch(() => {});
  }, []);

  // Offline: go on by itself when the browser is back online.
  useEffect(() => {
    if (state.phase !== 'offline') return;
    const online = () => resume();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [state.phase, resume]);

  // Leaving the screen stops sending; the server keeps what came for a later resume.
  useEffect(
    () => () => {
      void upload.current?.abort();
    },
    [],
  );

  return { state, start, pause, resume, cancel };
}
