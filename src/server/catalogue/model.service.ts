import type { ChannelsParams } from '../../contracts/channels.paths.ts';
import type { Gender } from '../../contracts/constants.ts';
import { AppError } from '../../contracts/errors.ts';
import type { ModelsParams } from '../../contracts/models.paths.ts';
import type {
  ChannelListItem,
  ChannelResponse,
  ChannelsResponse,
  ModelListItem,
  ModelResponse,
  ModelsResponse,
} from '../../contracts/models.schema.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import { Kept, pageOfKept } from '../kernel/cache/kept.ts';
import type { ChannelRow, ModelRepository, ModelRow, ThumbRow } from './model.repository.ts';

// Models and channels (SPEC.md §7 models, model, channels, channel).

export interface ModelServiceDeps {
  models: ModelRepository;
  urls: MediaUrls;
}

const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));

/** Lists' totals are kept a minute: paging through a list counts it once. */
const TOTAL_TTL_MS = 60_000;
const TOTAL_ENTRIES = 2_000;

export function createModelService(deps: ModelServiceDeps) {
  const { urls } = deps;
  const totals = new Kept<number>({ ttlMs: TOTAL_TTL_MS, maxEntries: TOTAL_ENTRIES });

  function modelItem(row: ModelRow): ModelListItem {
    const image = urls.modelImage(row.id, row.image_version);
    return {
      model_id: String(row.id),
      dir: row.dir,
      title: row.title,
      img: image,
      avatar: image,
      country: text(row.country),
      gender: row.gender,
      statistics: {
        videos: String(row.videos_count),
        viewed: String(row.views_count),
        subscribers: String(row.subscribers_count),
      },
      total_videos: String(row.videos_count),
    };
  }

  /** Channel items with top thumbs of the section, fetched for the whole page at once. */
  async function channelItems(rows: ChannelRow[], gender?: Gender): Promise<ChannelListItem[]> {
    const thumbs = await deps.models.thumbs(
      rows.flatMap((row) => row.top_video_ids),
      gender,
    );
    const byId = new Map<number, ThumbRow>(thumbs.map((t) => [Number(t.id), t]));
    return rows.map((row) => {
      const toptn = row.top_video_ids.flatMap((id) => {
        const thumb = byId.get(Number(id));
        return thumb
          ? [
              {
                video_id: String(thumb.id),
                dir: thumb.dir,
                title: thumb.title,
                scr: urls.videoPreview(thumb.id, thumb.media_version),
              },
            ]
          : [];
      });
      const avatar = urls.channelImage(row.id, row.image_version);
      return {
        channel_id: String(row.id),
        dir: row.dir,
        title: row.title,
        url: row.url,
        avatar,
        scr: toptn[0]?.scr ?? avatar,
        scr1: toptn[1]?.scr ?? '',
        scr2: toptn[2]?.scr ?? '',
        statistics: {
          videos: String(row.videos_count),
          viewed: String(row.views_count),
          subscribers: String(row.subscribers_count),
        },
        total_videos: String(row.videos_count),
        toptn,
      };
    });
  }

  return {
    async models(params: ModelsParams): Promise<ModelsResponse> {
      const offset = (params.page - 1) * params.count;
      const kept = await totals.get(JSON.stringify(['models', params.gender, params.filters]), () =>
        deps.models.countModels(params.gender, params.filters),
      );
      const { rows, total } = await pageOfKept(kept, offset, () =>
        deps.models.listModels(params.gender, params.filters, params.sort, params.count, offset),
      );
      return {
        models: rows.map(modelItem),
        total_count: String(total),
        pages: Math.ceil(total / params.count),
      };
    },

    async model(dir: string): Promise<ModelResponse> {
      const row = await deps.models.modelByDir(dir);
      if (!row) throw new AppError('not_found');
      return {
        model: {
          ...modelItem(row),
          description: row.description,
          race: text(row.race),
          age: text(row.age_group),
          tits_size: text(row.tits_size),
          hair_color: text(row.hair_color),
          height: text(row.height),
          weight: text(row.weight),
          tattoo: text(row.tattoo),
          piercing: text(row.piercing),
        },
      };
    },

    async channels(params: ChannelsParams): Promise<ChannelsResponse> {
      if (params.section === 'subscribed') {
        const memberId = params.objectId as number;
        if (!(await deps.models.memberExists(memberId))) throw new AppError('not_found');
      }
      const offset = (params.page - 1) * params.count;
      const subscriber = params.section === 'subscribed' ? params.objectId : undefined;
      // A member's subscriptions change under their hand: counted every time.
      const counted =
        subscriber === undefined
          ? await totals.get('channels', () => deps.models.countChannels())
          : await deps.models.countChannels(subscriber);
      const { rows, total } = await pageOfKept(counted, offset, () =>
        deps.models.listChannels(params.sort, params.count, offset, subscriber),
      );
      return {
        channels: await channelItems(rows, params.gender),
        total_count: String(total),
        pages: Math.ceil(total / params.count),
      };
    },

    async channel(dir: string): Promise<ChannelResponse> {
      const row = await deps.models.channelByDir(dir);
      if (!row) throw new AppError('not_found');
      const [item] = await channelItems([row]);
      return {
        channel: {
          ...(item as ChannelListItem),
          description: row.description,
          cf3: row.banners.cf3 ?? '',
          cf4: row.banners.cf4 ?? '',
          cf7: row.banners.cf7 ?? '',
        },
      };
    },
  };
}

export type ModelService = ReturnType<typeof createModelService>;
