import type { VideoListItem } from '../../contracts/video.schema.ts';

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
