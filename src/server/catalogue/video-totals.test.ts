import { describe, expect, it } from 'vitest';
import type { Videos2Params } from '../../contracts/paths.ts';
import type { VideoListFilter, VideoRepository } from './video.repository.ts';
import { createVideoService } from './video.service.ts';

// A list's total is kept a minute (decision 0059): here, which lists count again. The
// repository is a stand-in that records the counts asked for.

function serviceCounting() {
  const counted: string[] = [];
  const videos = {
    async estimate() {
      return 10;
    },
    async countUpTo(filter: VideoListFilter) {
      counted.push(`${filter.sort} ${filter.date}`);
      return 120;
    },
    async list() {
      return [];
    },
  } as unknown as VideoRepository;
  const service = createVideoService({
    videos,
    sections: {} as never,
    catalogue: {} as never,
    urls: {} as never,
    signMedia: () => '',
  });
  return { counted, service };
}

const list = (sort: Videos2Params['sort'], date: Videos2Params['date'], page = 1) => ({
  lifetime: 0,
  gender: 'str' as const,
  sort,
  count: 60,
  section: '' as const,
  objectId: '',
  page,
  type: 'all' as const,
  duration: '' as const,
  date,
});

describe('kept list totals', () => {
  it('counts a list once whatever its order, but once per date filter', async () => {
    const { counted, service } = serviceCounting();
    const totals: string[] = [];
    for (const params of [
      list('latest-updates', ''),
      list('top-rated', ''),
      list('longest', '', 2),
      // On most-popular the date is the ranking window: the same videos as no date.
      list('most-popular', 'week'),
      list('top-rated', 'week'),
      list('most-commented', 'week'),
    ]) {
      totals.push((await service.list(params)).body.total_count);
    }
    expect(counted).toEqual(['latest-updates ', 'top-rated week']);
    expect(totals).toEqual(['120', '120', '120', '120', '120', '120']);
  });
});
