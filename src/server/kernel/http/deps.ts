import type { Database } from '../../../db/client.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import type { Config } from '../../config.ts';
import type { MediaUrls } from '../../media/media-urls.ts';

/** What every API routes module gets from buildApp; each builds its own services from it. */
export interface ApiDeps {
  database: Database;
  storage: MediaStorage;
  urls: MediaUrls;
  config: Pick<Config, 'maxCacheLifetime' | 'publicUrl' | 'siteName'>;
  /** Key that signs download links (src/server/secret.ts). */
  secret: string;
}
