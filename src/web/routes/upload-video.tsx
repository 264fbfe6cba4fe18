import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { parseId } from '../../contracts/paths.ts';
import { checkUploadFile, UPLOAD_EXTENSIONS, UPLOAD_RULES } from '../../contracts/upload.rules.ts';
import type { UploadScreens } from '../../contracts/upload.schema.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { FileDrop } from '../components/upload/file-drop.tsx';
import { ProcessingView } from '../components/upload/processing-view.tsx';
import styles from '../components/upload/upload.module.css';
import { fetchScreens } from '../components/upload/upload-calls.ts';
import { UploadProgress } from '../components/upload/upload-progress.tsx';
import {
  failureOf,
  type UploadFailure,
  useTusUpload,
} from '../components/upload/use-tus-upload.ts';
import { VideoForm } from '../components/upload/video-form.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { errorText } from '../lib/errors.ts';
import { membersOnlyLoader } from '../lib/guards.ts';

// The upload screen (SPEC.md §2 /upload-video/, members only; §5 Upload): choose or drop a
// file (checked here first: type, size, name), watch it go up (resumable, pausable, going on
// after a lost connection), fill in the form meanwhile, pick a preview from the frames the
// server takes once the file is in, publish, then follow the processing
// (`?video={id}`). docs/decisions/0015-uploads.md tells the whole flow.

export const loader = membersOnlyLoader;

const TYPES = UPLOAD_EXTENSIONS.join(', ');

function Rules() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {t('upload.rulesTitle')}
      </h2>
      <ul className={styles.rules}>
        <li>{t('upload.ruleTypes', { types: TYPES })}</li>
        <li>{t('upload.ruleName')}</li>
        <li>{t('upload.ruleLength')}</li>
        <li>{t('upload.ruleContent')}</li>
      </ul>
    </section>
  );
}

type Look =
  | { state: 'waiting' }
  | { state: 'checking' }
  | { state: 'ready'; screens: UploadScreens }
  | { state: 'refused'; failure: UploadFailure };

function UploadFlow() {
  const { t } = useTranslation();
  const { csrf, lang } = useGlobals();
  const navigate = useNavigate();
  const upload = useTusUpload(csrf);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [look, setLook] = useState<Look>({ state: 'waiting' });
  const uploadId = upload.state.phase === 'done' ? upload.state.uploadId : undefined;

  // Once the file is in, the server looks at it and offers the preview frames.
  useEffect(() => {
    if (!uploadId) return;
    let current = true;
    setLook({ state: 'checking' });
    fetchScreens(uploadId).then(
      (screens) => current && setLook({ state: 'ready', screens }),
      (error: unknown) => current && setLook({ state: 'refused', failure: failureOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [uploadId]);

  function choose(chosen: File) {
    const [failure] = checkUploadFile({ name: chosen.name, size: chosen.size });
    if (failure) {
      setFileError(
        failure.code === 'file_invalid_type'
          ? t('upload.badType', { types: TYPES })
          : errorText(t, failure.code, { max: UPLOAD_RULES.maxBytes }),
      );
      return;
    }
    setFileError(undefined);
    setFile(chosen);
    setLook({ state: 'waiting' });
    void upload.start(chosen);
  }

  async function startOver() {
    setFile(null);
    setLook({ state: 'waiting' });
    await upload.cancel();
  }

  const refused = look.state === 'refused' ? look.failure : undefined;
  return (
    <>
      {file ? null : <Rules />}
      {file ? (
        <UploadProgress
          file={file}
          state={upload.state}
          lang={lang}
          onPause={upload.pause}
          onResume={upload.resume}
          onCancel={() => void startOver()}
        />
      ) : (
        <section className={styles.card} aria-label={t('upload.fileTitle')}>
          <FileDrop onFile={choose} error={fileError} />
        </section>
      )}
      {look.state === 'checking' ? (
        <p role="status" className={styles.status}>
          {t('upload.checking')}
        </p>
      ) : null}
      {refused ? (
        <section className={styles.card}>
          <p role="alert" className={styles.error}>
            {refused.code === 'rate_limited'
              ? t('upload.tooManyPending', refused.info)
              : errorText(t, refused.code, refused.info)}
          </p>
          <div className={styles.buttons}>
            <button type="button" className={styles.button} onClick={() => void startOver()}>
              {t('upload.another')}
            </button>
          </div>
        </section>
      ) : null}
      {file && !refused ? (
        <VideoForm
          uploadId={uploadId}
          screens={look.state === 'ready' ? look.screens : undefined}
          csrf={csrf}
          onCreated={(created) => void navigate(`/upload-video/?video=${created.video_id}`)}
        />
      ) : null}
    </>
  );
}

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const videoId = parseId(params.get('video') ?? '');
  return (
    <article className={styles.page}>
      <PageMeta title={t('upload.title')} description={t('upload.intro')} noindex />
      <h1 className={styles.title}>{t('upload.title')}</h1>
      <p className={styles.intro}>{t('upload.intro')}</p>
      {videoId === undefined ? <UploadFlow /> : <ProcessingView key={videoId} videoId={videoId} />}
    </article>
  );
}
