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

/** Shares of videos holding the words the statistics list as common, at a million videos. */
const COMMON = { slow: 0.2, motion: 0.15, piercing: 0.105 };

function searchWith(shares: Record<string, number>, sampled: number) {
  const reads: string[] = [];
  const discovery = {
    async estimateMatches() {
      reads.push('estimate');
      return 900;
    },
    async queryWords(query: string) {
      reads.push('words');
      return query.split(' ');
    },
    async commonWords() {
      reads.push('statistics');
      return { shares: new Map(Object.entries(shares)), videos: 1_000_000 };
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
  return { reads, search: (query = params.query) => service.search({ ...params, query }) };
}

describe('relevance search', () => {
  it('counts a sample when common words are estimated few, and does not rank thousands', async () => {
    const { reads, search } = searchWith(COMMON, 6_900);
    const answer = await search();
    expect(reads).toEqual(['estimate', 'words', 'statistics', 'sample 0.5%', 'popular']);
    expect(answer.total_count).toBe('6900');
  });

  it('ranks when the sample agrees that few match', async () => {
    const { reads, search } = searchWith(COMMON, 400);
    const answer = await search();
    expect(reads).toEqual(['estimate', 'words', 'statistics', 'sample 0.5%', 'rank']);
    expect(answer.total_count).toBe('3');
  });

  it('trusts the estimate for rare words and for one word', async () => {
    // "piercing" in RANK_CAP × 2 videos, and a word the statistics do not list.
    const rare = searchWith({ ...COMMON, piercing: (RANK_CAP * 2) / 1_000_000 }, 99_999);
    await rare.search();
    expect(rare.reads).toEqual(['estimate', 'words', 'statistics', 'rank']);
    await rare.search('slow motion nowhereword');
    expect(rare.reads.slice(4)).toEqual(['estimate', 'words', 'rank']);
    const single = searchWith(COMMON, 99_999);
    await single.search('slow');
    expect(single.reads).toEqual(['estimate', 'words', 'rank']);
  });

  it("reads the common words' statistics once for many queries", async () => {
    const { reads, search } = searchWith(COMMON, 6_900);
    await search('slow motion');
    await search('motion piercing');
    expect(reads.filter((read) => read === 'statistics')).toEqual(['statistics']);
    expect(reads.filter((read) => read.startsWith('sample'))).toHaveLength(2);
  });
});
