import { isoDuration } from '../../contracts/format.ts';
import type { VideoDetail, VideoListItem } from '../../contracts/video.schema.ts';

// schema.org structured data of listing pages (issue 4: ItemList on listings).

export function itemListLd(videos: VideoListItem[], siteUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: videos.map((video, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: `${siteUrl}/videos/${video.video_id}/${video.dir}/`,
      name: video.title,
    })),
  };
}

/**
 * schema.org VideoObject of a video page (issue 5): what search engines need for a video
 * result: thumbnail, upload date with its zone, ISO 8601 duration, embed URL, author,
 * watch/like/dislike counts, actors and keywords (SPEC.md §3).
 */
export function videoObjectLd(video: VideoDetail, siteUrl: string): Record<string, unknown> {
  const absolute = (url: string) => new URL(url, siteUrl).toString();
  const thumbnails = [video.scr, ...video.thumbs].filter((url, i, all) => all.indexOf(url) === i);
  const keywords = [...Object.values(video.categories), ...Object.values(video.tags)].map(
    (item) => item.title,
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.title,
    description: video.description || video.title,
    thumbnailUrl: thumbnails.map(absolute),
    uploadDate: `${video.post_date.replace(' ', 'T')}Z`,
    duration: isoDuration(Number(video.duration_seconds)),
    embedUrl: absolute(video.embed),
    url: absolute(`/videos/${video.video_id}/${video.dir}/`),
    isFamilyFriendly: false,
    interactionStatistic: [
      {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'WatchAction' },
        userInteractionCount: Number(video.video_viewed),
      },
      {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'LikeAction' },
        userInteractionCount: Number(video.likes),
      },
      {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'DislikeAction' },
        userInteractionCount: Number(video.dislikes),
      },
    ],
    // SPEC.md §3: the author is the member who uploaded it, with their public page.
    author: {
      '@type': 'Person',
      name: video.user.display_name || video.user.username,
      url: absolute(`/members/${video.user.id}/`),
    },
    ...(Object.keys(video.models).length > 0
      ? {
          actor: Object.values(video.models).map((model) => ({
            '@type': 'Person',
            name: model.title,
            url: absolute(`/model/${model.dir}/`),
          })),
        }
      : {}),
    ...(keywords.length > 0 ? { keywords: keywords.join(', ') } : {}),
  };
}
