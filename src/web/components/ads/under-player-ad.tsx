import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isSafeAdLink } from '../../../contracts/ads.paths.ts';
import { channelPath } from '../../../contracts/channels.paths.ts';
import { LIFETIME } from '../../../contracts/constants.ts';
import type { ChannelResponse } from '../../../contracts/models.schema.ts';
import type { VideoDetail } from '../../../contracts/video.schema.ts';
import { apiQuery } from '../../api/query.ts';
import type { AppContextValue } from '../../app-context.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import styles from './ads.module.css';
import { sponsorBanner } from './ads.ts';
import { Slot } from './slot.tsx';

// The video page's slot under the player (SPEC.md §9): 728x90 (320x100 on phones) holding
// the affiliate offer or a house banner, or 285x165 holding the sponsor's banner when the
// video's channel has one. Visitors only (SPEC.md §1).

const channelQuery = (dir: string) =>
  apiQuery<ChannelResponse>(channelPath(LIFETIME.channelPage, dir));

/**
 * The video loader's part: the slot's size depends on the channel's sponsor banner, so a
 * visitor's page knows the channel before the first paint.
 */
export async function preloadUnderPlayerAd(
  { queryClient, globals }: AppContextValue,
  video: Pick<VideoDetail, 'channel'>,
): Promise<void> {
  if (globals.user || !video.channel) return;
  await queryClient.ensureQueryData(channelQuery(video.channel.dir)).catch(() => undefined);
}

function videoTags(video: VideoDetail): string[] {
  return [...Object.values(video.tags), ...Object.values(video.categories)].flatMap((item) => [
    item.dir,
    item.title,
  ]);
}

export function UnderPlayerAd({ video }: { video: VideoDetail }) {
  const { user } = useGlobals();
  // Only what the loader put in the cache: a late answer must not resize the slot.
  const channel = useQuery({ ...channelQuery(video.channel?.dir ?? ''), enabled: false }).data
    ?.channel;
  const tags = useMemo(() => videoTags(video), [video]);
  if (user) return null;
  const banner = sponsorBanner(channel);
  if (channel && banner) {
    const href =
      channel.url && isSafeAdLink(channel.url) ? channel.url : `/channel/${channel.dir}/`;
    return (
      <div className={styles.underPlayer}>
        <Slot name="sponsor" className={styles.sponsor}>
          <a
            className={`${styles.creative} ${styles.imageLink}`}
            data-ad-id={`channel-${channel.channel_id}`}
            href={href}
            rel="sponsored noopener"
            target={href.startsWith('/') ? undefined : '_blank'}
          >
            <img
              className={styles.image}
              src={banner}
              alt={channel.title}
              width={285}
              height={165}
            />
          </a>
        </Slot>
      </div>
    );
  }
  return (
    <div className={styles.underPlayer}>
      <Slot name="under-player" className={styles.leaderboard} tags={tags} />
    </div>
  );
}
