import type { MediaUrls } from '../../media/media-urls.ts';
import type { PageUser } from '../../web/ssr-types.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { SocialService } from '../social/social.service.ts';
import type { AccountService } from './account.service.ts';

/** The page constant `user` of a signed-in viewer (SPEC.md §3): what the header shows. */
export function createPageUserService(deps: {
  accounts: Pick<AccountService, 'historyCount'>;
  social: Pick<SocialService, 'unreadCount'>;
  urls: Pick<MediaUrls, 'memberAvatar'>;
}) {
  return {
    async pageUser(viewer: Viewer): Promise<PageUser> {
      return {
        id: viewer.userId,
        username: viewer.username,
        avatar:
          viewer.avatarVersion > 0
            ? deps.urls.memberAvatar(viewer.userId, viewer.avatarVersion)
            : '',
        ageVerified: viewer.ageVerified,
        historyCount: await deps.accounts.historyCount(viewer.userId),
        unreadMessages: await deps.social.unreadCount(viewer.userId),
      };
    },
  };
}

export type PageUserService = ReturnType<typeof createPageUserService>;
