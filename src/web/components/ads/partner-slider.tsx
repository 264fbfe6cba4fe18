import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { PARTNER_LIFETIME, partnerPath } from '../../../contracts/ads.paths.ts';
import type { PartnerResponse } from '../../../contracts/ads.schema.ts';
import { PAGE_SIZE } from '../../../contracts/constants.ts';
import type { VideoDetail } from '../../../contracts/video.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import styles from './ads.module.css';
import { drawSome } from './ads.ts';
import { PartnerFrame } from './partner-frame.tsx';
import { useMounted } from './use-mounted.ts';

// The partner video slider of the video page (SPEC.md §2, §7, §9): 17 videos drawn from the
// partner feed for the video's first category. It is ad content, so members never see it;
// its row has its height before the feed arrives. Its own chunk, loaded as it comes near
// the screen (video.tsx); until then the frame shows with its buttons disabled.

/** SPEC.md §2: scrollers step 300 px. */
const STEP_PX = 300;

export function PartnerSlider({ video }: { video: VideoDetail }) {
  const { user, gender } = useGlobals();
  const track = useRef<HTMLUListElement>(null);
  const keyword = Object.values(video.categories)[0]?.dir ?? 'all';
  const mounted = useMounted();
  const feed = useQuery({
    ...apiQuery<PartnerResponse>(partnerPath(PARTNER_LIFETIME, video.gender ?? gender, keyword)),
    enabled: user === null,
    staleTime: PARTNER_LIFETIME * 1000,
  }).data;
  const videos = useMemo(
    () => (mounted && feed ? drawSome(feed.videos, PAGE_SIZE.partnerSlider, Math.random) : []),
    [mounted, feed],
  );
  if (user) return null;
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * STEP_PX, behavior: 'smooth' });
  return (
    <PartnerFrame onScroll={scroll}>
      <ul ref={track} className={styles.track} data-ad-id="feed">
        {videos.map((item) => (
          <li key={item.url}>
            <a
              className={styles.partner}
              href={item.url}
              rel="sponsored noopener"
              target={item.url.startsWith('/') ? undefined : '_blank'}
            >
              <span className={styles.partnerThumb}>
                <img src={item.thumb} alt="" width={200} height={113} loading="lazy" />
                <span className={styles.duration}>{item.duration}</span>
              </span>
              <span className={styles.partnerTitle}>{item.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </PartnerFrame>
  );
}
