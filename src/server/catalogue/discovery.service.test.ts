import { describe, expect, it } from 'vitest';
import type { SearchParams } from '../../contracts/discovery.paths.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import type { DiscoveryRepository } from './discovery.repository.ts';
import { createDiscoveryService, RANK_CAP } from './discovery.service.ts';

// How a relevance search is answered when the planner's estimate is wrong. The repository is
// a stand-in here: what matters is which reads the service makes and what total it shows.

const params: SearchParams = {
  lifetime: 0,
  gender: 'str',
  sort: 'relevance',
  count: 60,
  page: 1,
  type: 'all',
  duration: '',
  date: '',
  query: 'slow motion piercing',
};

function searchWith(words: { words: number; rarest: number }, sampled: number) {
  const reads: string[] = [];
  const discovery = {
    async estimateMatches() {
      reads.push('estimate');
      return 900;
    },
    async searchWords() {
      reads.push('words');
      return { ...words, videos: 1_000_000 };
    },
    async sampledMatches(_filter: unknown, percent: number) {
      reads.push(`sample ${percent}%`);
      return sampled;
    },
    async rankedMatches() {
      reads.push('rank');
      return [3, 2, 1];
    },
    async estimateListed() {
      return 600_000;
    },
    async popularMatches() {
      reads.push('popular');
      return [7, 8];
    },
    async relatedSearches() {
      return [];
    },
  } as unknown as DiscoveryRepository;
  const service = createDiscoveryService({
    discovery,
    videos: {
      async rowsByIds() {
        return [];
      },
      async list() {
        return [];
      },
    } as never,
    urls: {} as MediaUrls,
    recorder: { record() {} },
  });
  return { reads, search: () => service.search(params) };
}

describe('relevance search', () => {
  it('counts a sample when common words are estimated few, and does not rank thousands', async () => {
    const { reads, search } = searchWith({ words: 3, rarest: 105_000 }, 6_900);
    const answer = await search();
    expect(reads).toEqual(['estimate', 'words', 'sample 0.5%', 'popular']);
    expect(answer.total_count).toBe('6900');
  });

  it('ranks when the sample agrees that few match', async () => {
    const { reads, search } = searchWith({ words: 3, rarest: 105_000 }, 400);
    const answer = await search();
    expect(reads).toEqual(['estimate', 'words', 'sample 0.5%', 'rank']);
    expect(answer.total_count).toBe('3');
  });

  it('trusts the estimate for rare words and for one word', async () => {
    const rare = searchWith({ words: 2, rarest: RANK_CAP * 2 }, 99_999);
    await rare.search();
    expect(rare.reads).toEqual(['estimate', 'words', 'rank']);
    const single = searchWith({ words: 1, rarest: 500_000 }, 99_999);
    await single.search();
    expect(single.reads).toEqual(['estimate', 'words', 'rank']);
  });
});
