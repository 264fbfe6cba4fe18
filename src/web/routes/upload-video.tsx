import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { parseId } from '../../contracts/paths.ts';
import { checkUploadFile, UPLOAD_EXTENSIONS, UPLOAD_RULES } from '../../contracts/upload.rules.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { FileDrop } from '../components/upload/file-drop.tsx';
import { ProcessingView } from '../components/upload/processing-view.tsx';
import styles from '../components/upload/upload.module.css';
import { fetchScreens } from '../components/upload/upload-calls.ts';
import { callFailure } from '../components/upload/upload-failure.ts';
import { UploadProgress } from '../components/upload/upload-progress.tsx';
import { useTusUpload } from '../components/upload/use-tus-upload.ts';
import { type FileState, VideoForm } from '../components/upload/video-form.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
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

function UploadFlow() {
  const { t } = useTranslation();
  const { csrf, lang } = useGlobals();
  const navigate = useNavigate();
  const upload = useTusUpload(csrf);
  const [file, setFile] = useState<File | null>(null);
  // The form shows from the first file on and keeps what was typed when the file changes.
  const [started, setStarted] = useState(false);
  const [fileError, setFileError] = useState<string | undefined>();
  const uploadId = upload.state.phase === 'done' ? upload.state.uploadId : undefined;

  // Once the file is in, the server looks at it and offers the preview frames, or says why
  // the file cannot become a video (too short, corrupted, already on the site).
  const look = useQuery({
    queryKey: ['upload-screens', uploadId],
    queryFn: () => fetchScreens(uploadId ?? ''),
    enabled: uploadId !== undefined,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const screens = uploadId !== undefined ? look.data : undefined;
  const lookFailure =
    uploadId !== undefined && look.isError && !look.isFetching
      ? callFailure(look.error)
      : undefined;

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
    setStarted(true);
    void upload.start(chosen);
  }

  async function startOver() {
    setFile(null);
    await upload.cancel();
  }

  const failure = upload.state.phase === 'failed' ? upload.state.failure : lookFailure;
  const fileState: FileState = !file
    ? 'missing'
    : failure === undefined
      ? 'going'
      : failure.retry
        ? 'stopped'
        : 'refused';
  return (
    <>
      {file ? null : <Rules />}
      {file ? (
        <UploadProgress
          file={file}
          state={upload.state}
          lang={lang}
          checking={uploadId !== undefined && look.isFetching}
          failure={failure}
          onPause={upload.pause}
          onResume={upload.resume}
          onRetry={() => (upload.state.phase === 'failed' ? upload.resume() : void look.refetch())}
          onCancel={() => void startOver()}
        />
      ) : (
        <section className={styles.card} aria-label={t('upload.fileTitle')}>
          <FileDrop onFile={choose} error={fileError} />
        </section>
      )}
      {started ? (
        <VideoForm
          uploadId={uploadId}
          screens={screens}
          fileState={fileState}
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
