import { describe, expect, it } from 'vitest';
import type { VideoDetail } from '../../contracts/video.schema.ts';
import { videoObjectLd } from './structured-data.ts';

const video = {
  video_id: '42',
  dir: 'sunset-walk',
  title: 'Sunset walk',
  description: '',
  embed: '/embed/42/',
  post_date: '2026-11-20 08:30:00',
  duration_seconds: '3725',
  scr: '/media/videos/0/0/42/preview.jpg?v=2',
  thumbs: ['/media/videos/0/0/42/screenshots/1.jpg?v=2', '/media/videos/0/0/42/preview.jpg?v=2'],
  video_viewed: '1500',
  likes: '12',
  dislikes: '3',
  user: { id: '7', username: 'ivyfan', display_name: 'Ivy Fan' },
  categories: { 3: { dir: 'outdoor', title: 'Outdoor' } },
  tags: { 9: { dir: 'beach', title: 'beach' } },
  models: { 5: { dir: 'ivy-hart', title: 'Ivy Hart' } },
} as unknown as VideoDetail;

describe('videoObjectLd', () => {
  it('describes a video the way schema.org VideoObject asks', () => {
    const ld = videoObjectLd(video, 'https://example.test');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Sunset walk',
      // No description: the title stands in, since the property is required.
      description: 'Sunset walk',
      uploadDate: '2026-11-20T08:30:00Z',
      duration: 'PT1H2M5S',
      embedUrl: 'https://example.test/embed/42/',
      url: 'https://example.test/videos/42/sunset-walk/',
      keywords: 'Outdoor, beach',
      actor: [{ '@type': 'Person', name: 'Ivy Hart', url: 'https://example.test/model/ivy-hart/' }],
      author: { '@type': 'Person', name: 'Ivy Fan', url: 'https://example.test/members/7/' },
    });
    // Absolute thumbnail URLs, the main screenshot first, no duplicates.
    expect(ld.thumbnailUrl).toEqual([
      'https://example.test/media/videos/0/0/42/preview.jpg?v=2',
      'https://example.test/media/videos/0/0/42/screenshots/1.jpg?v=2',
    ]);
    expect(ld.interactionStatistic).toEqual([
      {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'WatchAction' },
        userInteractionCount: 1500,
      },
      {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'LikeAction' },
        userInteractionCount: 12,
      },
      {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'DislikeAction' },
        userInteractionCount: 3,
      },
    ]);
  });

  it('names the uploader by username when they have no display name', () => {
    const ld = videoObjectLd(
      { ...video, user: { id: '8', username: 'quietone', display_name: '' } },
      'https://x.test',
    );
    expect(ld.author).toEqual({
      '@type': 'Person',
      name: 'quietone',
      url: 'https://x.test/members/8/',
    });
  });

  it('leaves out actors and keywords a video does not have', () => {
    const ld = videoObjectLd({ ...video, models: {}, categories: {}, tags: {} }, 'https://x.test');
    expect(ld).not.toHaveProperty('actor');
    expect(ld).not.toHaveProperty('keywords');
  });
});
