import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { LIFETIME } from '../../contracts/constants.ts';
import { parseId, videoPath } from '../../contracts/paths.ts';
import type { VideoResponse } from '../../contracts/video.schema.ts';
import { isApiError, postForm } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { Player } from '../components/player/player.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import styles from './embed.module.css';

// The embeddable player (API-CONTRACT.md "Page URLs": /embed/{video_id}/): the player alone,
// filling the frame, with a link to the video on the site. The only page other sites may
// frame (src/server/kernel/http/security.ts).

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = parseId(params.id ?? '');
  if (id === undefined) throw data(null, { status: 404 });
  const { queryClient } = context.get(appContext);
  try {
    await queryClient.ensureQueryData(apiQuery<VideoResponse>(videoPath(LIFETIME.video, id)));
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
  return { id };
}

export function Component() {
  const { t } = useTranslation();
  const { site } = useGlobals();
  const { id } = useLoaderData<typeof loader>();
  const { video } = useSuspenseQuery(apiQuery<VideoResponse>(videoPath(LIFETIME.video, id))).data;
  useEffect(() => {
    // Marks the page interactive: browser tests wait for this state.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const playable = video.playable === '1' && video.hls !== '';
  const pageUrl = `${site.url}${video.url}`;
  return (
    <main className={styles.embed}>
      <PageMeta title={video.title} description={video.description || video.title} noindex />
      {playable ? (
        <Player
          src={video.hls}
          poster={video.scr}
          timeline={video.timeline || undefined}
          durationS={Number(video.duration_seconds)}
          title={video.title}
          onLoaded={() => {
            setTimeout(() => {
              postForm('/api/stat.php', {
                act: 'view',
                section: 'video',
                object_id: video.video_id,
              }).catch(() => {});
            }, 1000);
          }}
        />
      ) : (
        <p className={styles.message} role="status">
          {video.status_id === '5'
            ? t('video.deleted')
            : video.is_private === '1'
              ? t('video.private')
              : t('video.notFound')}
        </p>
      )}
      <a className={styles.watch} href={pageUrl} target="_blank" rel="noopener">
        {t('video.watchOn', { site: site.name })}
      </a>
    </main>
  );
}
