import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { createMediaUrls } from '../media/media-urls.ts';
import type { MediaStorage } from '../media/storage.ts';
import { createAccountRepository } from './accounts/account.repository.ts';
import { createAccountService } from './accounts/account.service.ts';
import { createAccountDataRepository } from './accounts/account-data.repository.ts';
import { createAccountDataService } from './accounts/account-data.service.ts';
import { createAccountDeletionRepository } from './accounts/account-deletion.repository.ts';
import { createEmailChangeRepository } from './accounts/email-change.repository.ts';
import { createEmailChangeService } from './accounts/email-change.service.ts';
import { createPageUserService } from './accounts/page-user.service.ts';
import { createSignInGuard } from './accounts/sign-in-guard.ts';
import { createAdsRepository } from './ads/ads.repository.ts';
import { createAdEventCounter, createHouseAds } from './ads/ads.service.ts';
import { createAlbumEditRepository } from './albums/album-edit.repository.ts';
import { createAlbumEditService } from './albums/album-edit.service.ts';
import { createAuditRepository } from './audit/audit.repository.ts';
import { createAuditService } from './audit/audit.service.ts';
import { createCaptchaService } from './captcha/captcha.service.ts';
import { createCategoryCatalogue } from './catalogue/category-catalogue.ts';
import { createDiscoveryRepository } from './catalogue/discovery.repository.ts';
import { createDiscoveryService, KeywordRecorder } from './catalogue/discovery.service.ts';
import { createModelRepository } from './catalogue/model.repository.ts';
import { createModelService } from './catalogue/model.service.ts';
import { createSitemapRepository } from './catalogue/sitemap.repository.ts';
import { createSitemapService } from './catalogue/sitemap.service.ts';
import { createVideoRepository } from './catalogue/video.repository.ts';
import { createVideoService } from './catalogue/video.service.ts';
import { createVideoFileService } from './catalogue/video-file.service.ts';
import { createVideoSectionRepository } from './catalogue/video-section.repository.ts';
import type { AgeAssuranceProvider } from './compliance/age-assurance.ts';
import { createAgeCheckRepository } from './compliance/age-check.repository.ts';
import { createAgeCheckNotifier } from './compliance/age-check-mail.ts';
import { createAgeEvidenceStore } from './compliance/age-evidence.store.ts';
import { createHttpAgeProvider } from './compliance/age-http.provider.ts';
import { createStaffAgeProvider } from './compliance/age-staff.provider.ts';
import { createAgeVerificationService } from './compliance/age-verification.service.ts';
import { createRecordsRepository } from './compliance/records.repository.ts';
import { createRecordsService } from './compliance/records.service.ts';
import type { RecordsKeyring } from './compliance/records-crypto.ts';
import type { Config } from './config.ts';
import type { ForgetBus } from './kernel/cache/forget-bus.ts';
import {
  forgetCachedObject,
  forgetCachedVideos,
  type ResponseCache,
} from './kernel/cache/response-cache.ts';
import { createCounterRepository } from './kernel/db/counter.repository.ts';
import type { JobQueue } from './kernel/jobs/queue.ts';
import { createMailOutbox } from './kernel/mail/mail-outbox.ts';
import type { Mailer } from './kernel/mail/mailer.ts';
import { hashPassword } from './kernel/passwords.ts';
import {
  cachedVisibility,
  createMediaAccess,
  SIGNED_ALBUM_TTL_S,
  signedAlbumPrefix,
  signedVideoPrefix,
} from './media/media-access.ts';
import { createVideoMediaRepository } from './media/video-media.repository.ts';
import { createVideoStatusService } from './media/video-status.service.ts';
import { createMemberRepository } from './members/member.repository.ts';
import { createMemberService } from './members/member.service.ts';
import { createMemberActionsRepository } from './members/member-actions.repository.ts';
import { createMemberActionsService } from './members/member-actions.service.ts';
import { createMemberProfileRepository } from './members/member-profile.repository.ts';
import { createMemberProfileService } from './members/member-profile.service.ts';
import { createAppealsRepository } from './moderation/appeals.repository.ts';
import { createAppealsService } from './moderation/appeals.service.ts';
import { createDmcaRepository } from './moderation/dmca.repository.ts';
import { createDmcaService } from './moderation/dmca.service.ts';
import { createMemberAdminRepository } from './moderation/member-admin.repository.ts';
import { createMemberAdminService } from './moderation/member-admin.service.ts';
import { createMemberNotifier, memberMailTranslations } from './moderation/member-mail.ts';
import { createMetadataRepository } from './moderation/metadata.repository.ts';
import { createMetadataService } from './moderation/metadata.service.ts';
import { createMyDecisionsRepository } from './moderation/my-decisions.repository.ts';
import { createMyDecisionsService } from './moderation/my-decisions.service.ts';
import { createMyUploadsRepository } from './moderation/my-uploads.repository.ts';
import { createMyUploadsService } from './moderation/my-uploads.service.ts';
import { createPeopleRepository } from './moderation/people.repository.ts';
import { createPeopleService } from './moderation/people.service.ts';
import { createReviewRepository } from './moderation/review.repository.ts';
import { createReviewService } from './moderation/review.service.ts';
import { createStatementNotifier, statementMailTranslations } from './moderation/statement-mail.ts';
import { createTakedownRepository } from './moderation/takedown.repository.ts';
import { createTakedownService } from './moderation/takedown.service.ts';
import { createPlaylistRepository } from './playlists/playlist.repository.ts';
import { createPlaylistService } from './playlists/playlist.service.ts';
import { createReportRepository } from './reports/report.repository.ts';
import { createReportService } from './reports/report.service.ts';
import { createReportInboxRepository } from './reports/report-inbox.repository.ts';
import { createReportInboxService } from './reports/report-inbox.service.ts';
import { createSocialRepository } from './social/social.repository.ts';
import { createSocialService } from './social/social.service.ts';
import { createConsoleService } from './staff/console.service.ts';
import { createStaffRepository } from './staff/staff.repository.ts';
import { createStaffService } from './staff/staff.service.ts';
import { createStatRepository } from './stats/stat.repository.ts';
import { createStatService } from './stats/stat.service.ts';
import { createUploadRepository } from './uploads/upload.repository.ts';
import { createUploadService } from './uploads/upload.service.ts';
import { createUploadInspector } from './uploads/upload-inspect.ts';
import { createUploadStore } from './uploads/upload-store.ts';

// The composition root (decision 0040): every repository and service of the server is built
// here, once, from the few things a process has (database, storage, config, mailer, queue,
// logger). Routes, the page renderer, jobs and commands are handed what they use from the
// objects these return; none of them builds a repository or sees the database.

/**
 * Every repository, built once per process. Repositories hold no state, so a process that
 * only runs jobs builds them here too (jobs.ts) rather than copying the wiring; the app's
 * process builds them first and hands the same ones to the job queue and to `compose`.
 */
export function createRepositories(database: Database) {
  return {
    counters: createCounterRepository(database),
    accounts: createAccountRepository(database),
    emailChanges: createEmailChangeRepository(database),
    staff: createStaffRepository(database),
    videos: createVideoRepository(database),
    sections: createVideoSectionRepository(database),
    videoMedia: createVideoMediaRepository(database),
    discovery: createDiscoveryRepository(database),
    models: createModelRepository(database),
    members: createMemberRepository(database),
    memberActions: createMemberActionsRepository(database),
    memberProfiles: createMemberProfileRepository(database),
    playlists: createPlaylistRepository(database),
    albumEdit: createAlbumEditRepository(database),
    social: createSocialRepository(database),
    stats: createStatRepository(database),
    uploads: createUploadRepository(database),
    ageChecks: createAgeCheckRepository(database),
    ads: createAdsRepository(database),
    reports: createReportRepository(database),
    sitemaps: createSitemapRepository(database),
    reviews: createReviewRepository(database),
    reportInbox: createReportInboxRepository(database),
    takedowns: createTakedownRepository(database),
    myUploads: createMyUploadsRepository(database),
    myDecisions: createMyDecisionsRepository(database),
    people: createPeopleRepository(database),
    metadata: createMetadataRepository(database),
    memberAdmin: createMemberAdminRepository(database),
    dmca: createDmcaRepository(database),
    appeals: createAppealsRepository(database),
    audit: createAuditRepository(database),
    accountData: createAccountDataRepository(database),
    accountDeletion: createAccountDeletionRepository(database),
    records: createRecordsRepository(database),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

export interface ComposeDeps {
  config: Config;
  database: Database;
  storage: MediaStorage;
  logger: Logger;
  mailer: Mailer;
  /** Signs download links, media paths and captchas (src/server/secret.ts). */
  secret: string;
  /** Seals the 2257 records (decision 0055; compliance/records-crypto.ts). */
  recordsKeyring: RecordsKeyring;
  /** The one response cache; services forget what a change makes stale. */
  cache: ResponseCache;
  /** Where uploads queue their processing; without one, publishing answers `unavailable`. */
  jobs?: Pick<JobQueue, 'send'> | undefined;
  /**
   * Forgets the cached session lookups of a member (the session plugin's cache, which lives
   * with the HTTP app): called after a change the next request must see.
   */
  forgetSessions?: (userId: number) => void;
  /** Tells the site's other processes what this one's caches forgot (decision 0050). */
  forgetBus?: Pick<ForgetBus, 'publish'>;
  /** The process's repositories (main.ts shares them with the job queue); built when absent. */
  repositories?: Repositories;
  /** Milliseconds now, for the services that wait between calls (Date.now unless a test's). */
  clock?: (() => number) | undefined;
}

/** How long the console's signed media links of a pending video last. */
const REVIEW_MEDIA_TTL_S = 4 * 3600;

export function compose(deps: ComposeDeps) {
  const { config, database, storage, secret, cache, mailer } = deps;
  const site = { name: config.siteName, url: config.publicUrl };
  const urls = createMediaUrls(storage);
  const forgetSessions = deps.forgetSessions ?? (() => {});
  const memberChanged = (userId: number) => {
    forgetCachedObject(cache, 'member', userId);
    forgetSessions(userId);
  };

  /** A video's page and its uploader's lists and profile, after a change of either. */
  const videoChanged = ({ videoId, userId }: { videoId: number; userId: number }) => {
    forgetCachedVideos(cache, [videoId]);
    cache.deleteMatching(new RegExp(`^/api/json/videos2/.*/members\\.${userId}\\.`));
    forgetCachedObject(cache, 'member', userId);
  };

  const repositories = deps.repositories ?? createRepositories(database);
  const {
    counters,
    accounts: accountRepository,
    emailChanges: emailChangeRepository,
    videos: videoRepository,
    sections: sectionRepository,
    videoMedia,
    playlists: playlistRepository,
    uploads: uploadRepository,
    discovery: discoveryRepository,
    stats: statRepository,
    ads: adsRepository,
  } = repositories;

  const captcha = createCaptchaService({ secret, counters });
  const mediaVisibility = cachedVisibility((id) => videoRepository.getPlayback(id), {
    ttlMs: 30_000,
    max: 20_000,
    onForget: (id) => deps.forgetBus?.publish({ kind: 'media', id }),
  });
  const albumVisibility = cachedVisibility((id) => playlistRepository.albumVisibility(id), {
    ttlMs: 30_000,
    max: 20_000,
    onForget: (id) => deps.forgetBus?.publish({ kind: 'album', id }),
  });
  /**
   * A takedown, a restore, a reversed appeal: rare and urgent, so every cached answer goes
   * (nothing anywhere still shows the object) and the media decisions about it.
   */
  const objectGone = (objectId: number, _userId: number, objectType: string = 'video') => {
    cache.clear();
    if (objectType === 'video') mediaVisibility.forget(objectId);
    if (objectType === 'album') albumVisibility.forget(objectId);
  };
  // Mail that must not be lost to a mail server being down (decision 0051): statements of
  // reasons, a report's mail to the operator, a DMCA claimant's copies.
  const outbox = createMailOutbox({
    database,
    mailer,
    logger: deps.logger,
    marks: {
      statement: (id) => repositories.reviews.markMailed(id),
      report: (id) => repositories.reports.markNotified(id),
    },
  });
  // One rule for every mail about a member's own things: an upload, the account, an age check.
  const statementRecipient = (userId: number) => repositories.reviews.recipient(userId);
  const strikePolicy = {
    strikesToBan: config.strikesToBan,
    hideContent: config.strikeBanHidesContent,
  };
  const memberAdmin = createMemberAdminService({
    members: repositories.memberAdmin,
    strikePolicy,
    // As a takedown's: rare, and nothing anywhere may still show what the ban hid.
    gone(moved) {
      cache.clear();
      for (const id of moved.videos) mediaVisibility.forget(id);
      for (const id of moved.albums) albumVisibility.forget(id);
    },
    signedOut: memberChanged,
    wallChanged: (ownerId) => forgetCachedObject(cache, 'member', ownerId),
    tellMember: createMemberNotifier({
      recipient: statementRecipient,
      outbox,
      site,
      logger: deps.logger,
      translations: memberMailTranslations(),
    }),
  });
  const audit = createAuditService({ audit: repositories.audit });
  const statementNotifier = createStatementNotifier({
    recipient: statementRecipient,
    outbox,
    site,
    logger: deps.logger,
    translations: statementMailTranslations(),
  });
  const staff = createStaffService({
    staff: repositories.staff,
    counters,
    secret,
    siteName: config.siteName,
    hashPassword,
  });
  // One guard for every password typed without a session: sign-in and the banned member's
  // account deletion count towards the same captcha and limits (decision 0057).
  const signInGuard = createSignInGuard({ counters, captcha });
  const accounts = createAccountService({
    accounts: accountRepository,
    guard: signInGuard,
    captcha,
    mailer,
    site,
    sessionTtlS: config.sessionDays * 86_400,
    secondFactor: staff,
  });

  const videos = createVideoService({
    videos: videoRepository,
    sections: sectionRepository,
    catalogue: createCategoryCatalogue(() => sectionRepository.catalogue()),
    urls,
    signMedia: (id, durationS) => signedVideoPrefix(secret, id, Math.max(3600, durationS * 3)),
  });
  const keywordRecorder = new KeywordRecorder(
    (entries) => discoveryRepository.recordSearches(entries),
    {
      flushMs: 10_000,
      onError: (error) => deps.logger.warn({ err: error }, 'keyword statistics not saved'),
    },
  );
  const discovery = createDiscoveryService({
    discovery: discoveryRepository,
    videos: videoRepository,
    urls,
    recorder: keywordRecorder,
  });
  // Everything forgotten (a takedown, a restore, a renamed video; here or in another
  // process): searches rank again, so a restored video is found at once.
  cache.onDrop((pattern) => {
    if (pattern === undefined) discovery.forgetRankings();
  });
  const playlists = createPlaylistService({
    playlists: playlistRepository,
    urls,
    storage,
    signAlbum: (id) => signedAlbumPrefix(secret, id, SIGNED_ALBUM_TTL_S),
    signedAlbumTtlS: SIGNED_ALBUM_TTL_S,
  });
  const social = createSocialService({ social: repositories.social, urls });
  const uploadStore = createUploadStore(config.uploadDir);
  const uploadLog = deps.logger.child({ module: 'uploads' });
  const ageEvidence = createAgeEvidenceStore(config.ageVerifier.evidenceDir);
  const ageProvider: AgeAssuranceProvider = config.ageVerifier.http
    ? createHttpAgeProvider(config.ageVerifier.http, deps.logger.child({ module: 'age-checks' }))
    : createStaffAgeProvider(ageEvidence);
  const records = createRecordsService({
    records: repositories.records,
    keyring: deps.recordsKeyring,
    dir: config.records.dir,
    log: deps.logger.child({ module: 'records' }),
  });

  return {
    /** Mail kept while the mail server was down, for the `mail.retry` job (app.ts). */
    outbox,
    /** The media visibility caches, for the forgets other processes make (app.ts). */
    visibilityCaches: { media: mediaVisibility, album: albumVisibility },
    urls,
    counters,
    captcha,
    accounts,
    videos,
    videoFiles: createVideoFileService({ videos: videoRepository, secret }),
    videoStatus: createVideoStatusService({ media: videoMedia }),
    keywordRecorder,
    discovery,
    models: createModelService({ models: repositories.models, urls }),
    members: createMemberService({ members: repositories.members, urls }),
    memberActions: createMemberActionsService({
      actions: repositories.memberActions,
      urls,
      changed: ({ section, objectId }) => forgetCachedObject(cache, section, objectId),
    }),
    memberProfiles: createMemberProfileService({
      profiles: repositories.memberProfiles,
      storage,
      urls,
      // The member's page shows the change at once; the header's avatar and ended sessions
      // are read again.
      changed: memberChanged,
    }),
    emailChanges: createEmailChangeService({
      counters,
      mailer,
      site,
      changes: emailChangeRepository,
      changed: memberChanged,
    }),
    playlists,
    albumEdit: createAlbumEditService({
      albums: repositories.albumEdit,
      storage,
      album: async (id, viewer) => (await playlists.album(id, viewer)).body,
      changed: (albumId) => forgetCachedObject(cache, 'album', albumId),
    }),
    mediaAccess: createMediaAccess({
      secret,
      visibility: mediaVisibility,
      albumVisibility,
    }),
    social,
    stats: createStatService({ stats: statRepository, secret }),
    /** Adds stored views to the counters (the stat routes run it on a timer). */
    foldViews: (limit: number) => statRepository.foldViews(limit),
    uploadStore,
    records,
    uploads: createUploadService({
      store: uploadStore,
      inspector: createUploadInspector({
        store: uploadStore,
        ffmpegPath: config.ffmpegPath,
        ffprobePath: config.ffprobePath,
        log: uploadLog,
      }),
      uploads: uploadRepository,
      media: videoMedia,
      records,
      storage,
      jobs: deps.jobs,
      maxPending: config.uploadMaxPending,
      changed: videoChanged,
      log: uploadLog,
    }),
    ageVerification: createAgeVerificationService({
      provider: ageProvider,
      checks: repositories.ageChecks,
      evidence: ageEvidence,
      reviewDays: config.ageVerifier.reviewDays,
      clock: deps.clock,
      // The next page's `user.ageVerified` and the member's profile tell the news.
      changed: memberChanged,
      tellMember: createAgeCheckNotifier({
        recipient: statementRecipient,
        outbox,
        site,
        logger: deps.logger,
      }),
      log: deps.logger.child({ module: 'age-checks' }),
    }),
    houseAds: createHouseAds({
      ads: adsRepository,
      videos: videoRepository,
      urls,
      sisterSites: config.sisterSites,
      offerChance: config.offerChance,
    }),
    adEvents: config.analytics.adEvents ? createAdEventCounter({ ads: adsRepository }) : undefined,
    reports: createReportService({
      reports: repositories.reports,
      captcha,
      outbox,
      site,
      contactEmail: config.contactEmail,
    }),
    pageUsers: createPageUserService({ accounts, social, urls }),
    console: createConsoleService(),
    review: createReviewService({
      reviews: repositories.reviews,
      // Staff review pending media: signed for a few hours, as long as a long video plays.
      signVideo: (id) => signedVideoPrefix(secret, id, REVIEW_MEDIA_TTL_S),
      published: (id) => uploadRepository.countPublished(id),
      tellMember: statementNotifier,
      changed: videoChanged,
      recordOf: (id) => records.summary(id),
    }),
    myUploads: createMyUploadsService({
      uploads: repositories.myUploads,
      decisions: repositories.myDecisions,
      // The owner's own pending or rejected media: as long as the review console's links.
      signVideo: (id) => signedVideoPrefix(secret, id, REVIEW_MEDIA_TTL_S),
      publicThumb: urls.videoThumb,
      changed: videoChanged,
    }),
    myDecisions: createMyDecisionsService({ decisions: repositories.myDecisions }),
    people: createPeopleService({ people: repositories.people }),
    metadata: createMetadataService({
      metadata: repositories.metadata,
      // Titles show in every listing, search answer and related strip: every answer goes.
      changed: () => cache.clear(),
    }),
    takedowns: createTakedownService({
      takedowns: repositories.takedowns,
      gone: objectGone,
      tellMember: statementNotifier,
    }),
    memberAdmin,
    appeals: createAppealsService({
      appeals: repositories.appeals,
      takedowns: repositories.takedowns,
      gone: objectGone,
    }),
    dmca: createDmcaService({
      dmca: repositories.dmca,
      takedowns: repositories.takedowns,
      siteUrl: config.publicUrl,
      restoreBusinessDays: config.dmcaRestoreBusinessDays,
      strikePolicy,
      struck: memberAdmin.struck,
      gone: objectGone,
      tellMember: statementNotifier,
      async mailClaimant(message) {
        await outbox.send(message, { purpose: 'dmca', refId: null });
      },
      jobs: deps.jobs,
    }),
    audit,
    reportInbox: createReportInboxService({
      inbox: repositories.reportInbox,
      reports: repositories.reports,
      mailer,
      site,
      contactEmail: config.contactEmail,
      history: (viewer, reportId) =>
        audit.list(viewer, {
          page: 1,
          actor: '',
          action: '',
          objectType: 'report',
          objectId: String(reportId),
        }),
    }),
    sitemaps: createSitemapService({
      sitemaps: repositories.sitemaps,
      urls,
      publicUrl: config.publicUrl,
    }),
    accountData: createAccountDataService({
      data: repositories.accountData,
      deletion: repositories.accountDeletion,
      accounts: accountRepository,
      guard: signInGuard,
      site,
      jobs: deps.jobs,
      // As a ban's: rare, and nothing anywhere may still show what was the member's.
      gone(userId, retired) {
        cache.clear();
        for (const id of retired.videos) mediaVisibility.forget(id);
        for (const id of retired.albums) albumVisibility.forget(id);
        forgetSessions(userId);
      },
      log: deps.logger.child({ module: 'account-data' }),
    }),
  };
}

export type Services = ReturnType<typeof compose>;
