import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { failure } from '../contracts/errors.ts';
import type { Database } from '../db/client.ts';
import type { MediaStorage } from '../media/storage.ts';
import { accountDataRoutes } from './accounts/account-data.routes.ts';
import { authRoutes } from './accounts/auth.routes.ts';
import { oidcRoutes } from './accounts/oidc.routes.ts';
import viewer from './accounts/session.plugin.ts';
import { adsRoutes } from './ads/ads.routes.ts';
import { type AdEventCounter, createLayoutAds, pageAnalytics } from './ads/ads.service.ts';
import { albumEditRoutes } from './albums/album-edit.routes.ts';
import { albumsRoutes } from './albums/albums.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { captchaRoutes } from './captcha/captcha.routes.ts';
import { channelsRoutes } from './catalogue/channels.routes.ts';
import { discoveryRoutes } from './catalogue/discovery.routes.ts';
import { modelsRoutes } from './catalogue/models.routes.ts';
import { videosRoutes } from './catalogue/videos.routes.ts';
import { ageCheckAdminRoutes } from './compliance/age-check-admin.routes.ts';
import ageGate from './compliance/age-gate.plugin.ts';
import { ageVerificationRoutes } from './compliance/age-verification.routes.ts';
import { openCountryDb } from './compliance/country-db.ts';
import { recordsRoutes } from './compliance/records.routes.ts';
import { type RecordsKeyring, recordsKeyringFor } from './compliance/records-crypto.ts';
import { createVisitorCountries } from './compliance/visitor-country.ts';
import { compose, type Repositories } from './compose.ts';
import type { Config } from './config.ts';
import { createForgetBus, LONE_PROCESS } from './kernel/cache/forget-bus.ts';
import { PageCache } from './kernel/cache/page-cache.ts';
import { forgetCachedVideos, ResponseCache } from './kernel/cache/response-cache.ts';
import { clientAddressOf } from './kernel/http/client-address.ts';
import drain from './kernel/http/drain.ts';
import errors, { frameworkError } from './kernel/http/errors.ts';
import formBody from './kernel/http/form-body.ts';
import { healthRoutes } from './kernel/http/health.routes.ts';
import inputGuard from './kernel/http/input-guard.ts';
import { registerOpenApi } from './kernel/http/openapi.ts';
import rateLimits from './kernel/http/rate-limits.ts';
import responseCache, { serveFromCache } from './kernel/http/response-cache.ts';
import security, { thirdPartySources } from './kernel/http/security.ts';
import type { JobQueue } from './kernel/jobs/queue.ts';
import type { MailOutbox } from './kernel/mail/mail-outbox.ts';
import { createMailer, type Mailer } from './kernel/mail/mailer.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { inputRoutes } from './members/input.routes.ts';
import { memberProfileRoutes } from './members/member-profile.routes.ts';
import { membersRoutes } from './members/members.routes.ts';
import { appealsRoutes } from './moderation/appeals.routes.ts';
import { dmcaRoutes } from './moderation/dmca.routes.ts';
import { memberAdminRoutes } from './moderation/member-admin.routes.ts';
import { metadataRoutes } from './moderation/metadata.routes.ts';
import { myUploadsRoutes } from './moderation/my-uploads.routes.ts';
import { peopleRoutes } from './moderation/people.routes.ts';
import { reviewRoutes } from './moderation/review.routes.ts';
import { takedownRoutes } from './moderation/takedown.routes.ts';
import { playlistsRoutes } from './playlists/playlists.routes.ts';
import { reportRoutes } from './reports/report.routes.ts';
import { reportInboxRoutes } from './reports/report-inbox.routes.ts';
import { loadSecret } from './secret.ts';
import { socialRoutes } from './social/social.routes.ts';
import { pagesRoutes, servePageFromCache } from './ssr/pages.ts';
import { createDevRenderer, createProdRenderer, type PageRenderer } from './ssr/renderer.ts';
import { sitemapRoutes } from './ssr/sitemaps.ts';
import { consoleRoutes } from './staff/console.routes.ts';
import { statRoutes } from './stats/stat.routes.ts';
import { uploadRoutes } from './uploads/upload.routes.ts';

// Builds the HTTP application: plugins, the JSON API and the server-rendered pages.
// main.ts runs it; tests build it on their own database.

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST_DIR = path.join(ROOT_DIR, 'dist');

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts ad-spot events when AD_EVENTS is on (decision 0035); tests flush it. */
    adEvents: AdEventCounter | undefined;
    /** Restores the DMCA items now due (decision 0049): the `dmca.restore` job runs it. */
    dmcaRestoreDue: () => Promise<number>;
    /** Tries the mail kept while the mail server was down (decision 0051): `mail.retry`. */
    retryMail: MailOutbox['retryDue'];
    /** Fails the age checks pending too long and deletes their photos: `age.expire`. */
    expireAgeChecks: () => Promise<{ expired: number; swept: number }>;
    /** Forgets videos' cached answers after a media step changed them: `media.task`. */
    forgetVideos: (videoIds: readonly number[]) => void;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  storage: MediaStorage;
  logger: Logger;
  /** `prod` renders from dist/, `dev` through Vite, `none` serves the API only. */
  pages: 'prod' | 'dev' | 'none';
  distDir?: string;
  /** Tests may pass their own; otherwise SMTP_URL or the outbox decides. */
  mailer?: Mailer;
  /** Background jobs (main.ts); uploads queue their processing here and need it. */
  jobs?: JobQueue;
  /** The repositories the jobs were given (main.ts), so each is built once; else built here. */
  repositories?: Repositories;
  /** The 2257 records key (main.ts loads it once for the seed too); else loaded here. */
  recordsKeyring?: RecordsKeyring;
  /** Milliseconds now, for the services that wait between calls (tests move it on). */
  clock?: () => number;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const cache = new ResponseCache(config.responseCacheBytes);
  const sharesCaches =
    config.cacheBus === 'on' || (config.cacheBus === 'auto' && deps.database.kind === 'postgres');
  const forgetBus = sharesCaches ? createForgetBus(deps.database, deps.logger) : LONE_PROCESS;
  cache.onForget((pattern) =>
    forgetBus.publish(
      pattern
        ? { kind: 'responses', pattern: pattern.source, flags: pattern.flags }
        : { kind: 'responses' },
    ),
  );
  // Where visitors are (decision 0053): read once at start; a request only looks its address up.
  const countries = createVisitorCountries({
    header: config.countryHeader,
    db:
      config.countryHeader || !config.countryDb
        ? undefined
        : await openCountryDb(config.countryDb, {
            logger: deps.logger,
            maxAgeDays: config.countryDbMaxAgeDays,
          }),
    address: clientAddressOf(config.trustProxy),
    unknown: config.unknownCountryGate,
  });
  // Visitors' rendered pages (decision 0058): none without pages, or with PAGE_CACHE_MB=0.
  const pageCache =
    deps.pages !== 'none' && config.pageCacheBytes > 0
      ? new PageCache(cache, config.pageCacheBytes)
      : undefined;
  const layoutAds = createLayoutAds(config.ads);
  const pageFront = pageCache && { cache: pageCache, countries, byDevice: layoutAds.byDevice };
  const app = Fastify({
    // Cache hits, API answers (kernel/http/response-cache.ts) and visitors' pages
    // (ssr/pages.ts), are answered before Fastify sees the request.
    serverFactory: (handler) =>
      createServer((req, res) => {
        if (serveFromCache(cache, req, res, countries)) return;
        if (pageFront && servePageFromCache(pageFront, req, res)) return;
        handler(req, res);
      }),
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    requestIdHeader: 'x-request-id',
    // 800: a videos2 tail may name 60 video ids (the `ids` section).
    routerOptions: { maxParamLength: 800, ignoreTrailingSlash: false },
    // Paths the router cannot decode answer in the catalogue's shape, not Fastify's.
    frameworkErrors: frameworkError,
  });

  await app.register(errors);
  await app.register(drain);
  await app.register(security, {
    csp: deps.pages !== 'dev',
    https: config.publicUrl.startsWith('https://'),
    thirdParties: thirdPartySources(config.ads, config.analytics),
  });
  await app.register(cookie);
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  const secret = loadSecret(config.appSecret, config.dataDir);
  const recordsKeyring =
    deps.recordsKeyring ?? recordsKeyringFor(config, (message) => deps.logger.warn(message));
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger: deps.logger,
    });
  app.addHook('onClose', async () => mailer.close());
  const services = compose({
    config,
    database: deps.database,
    storage: deps.storage,
    logger: deps.logger,
    mailer,
    secret,
    recordsKeyring,
    cache,
    jobs: deps.jobs,
    repositories: deps.repositories,
    clock: deps.clock,
    // The session plugin below decorates the app; members change only once it serves.
    forgetSessions: (userId) => app.sessions.forget(userId),
    forgetBus,
  });
  const { accounts } = services;
  // Route limits, sign-in throttles and spent captchas: counted in the database (0024).
  await app.register(rateLimits, { counters: services.counters });
  await app.register(formBody);
  await app.register(inputGuard);
  // Image uploads (avatar, cover, age check): handlers read one file with `request.file()`
  // and may lower these limits per route.
  await app.register(multipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, parts: 21 },
  });
  await app.register(viewer, {
    accounts,
    secret,
    secure: config.publicUrl.startsWith('https://'),
    publicUrl: config.publicUrl,
    sessionTtlS: config.sessionDays * 86_400,
    onForget: (userId) => forgetBus.publish({ kind: 'sessions', userId }),
  });
  await forgetBus.listen((forget) => {
    if (forget === 'all') {
      cache.forgetFromElsewhere(undefined);
      app.sessions.forgetFromElsewhere('all');
      services.visibilityCaches.media.forgetFromElsewhere('all');
      services.visibilityCaches.album.forgetFromElsewhere('all');
    } else if (forget.kind === 'responses') {
      cache.forgetFromElsewhere(
        forget.pattern === undefined ? undefined : new RegExp(forget.pattern, forget.flags),
      );
    } else if (forget.kind === 'sessions') {
      app.sessions.forgetFromElsewhere(forget.userId);
    } else {
      services.visibilityCaches[forget.kind].forgetFromElsewhere(forget.id);
    }
  });
  app.addHook('onClose', async () => forgetBus.close());
  if (!config.countryHeader && !config.countryDb) {
    deps.logger.warn(
      config.unknownCountryGate === 'none'
        ? 'age gates are off: neither COUNTRY_HEADER nor COUNTRY_DB says where visitors are'
        : 'every visitor gets the general age gate: neither COUNTRY_HEADER nor COUNTRY_DB is set',
    );
  }
  // Before the response cache: its hooks must see the gate's decision first.
  await app.register(ageGate, {
    countries,
    sisterSites: config.sisterSites.map((site) => site.url),
    secret,
    secure: config.publicUrl.startsWith('https://'),
  });
  await registerOpenApi(app, { siteName: config.siteName });
  await app.register(responseCache, { cache, restricted: countries });

  await mkdir(config.mediaDir, { recursive: true });
  const distDir = deps.distDir ?? DIST_DIR;
  if (deps.pages === 'prod') {
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'client'),
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(reply, filePath) {
        // Hashed build output never changes; everything else revalidates hourly.
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });
  }
  // Media go through mediaRoutes (access rules); this only gives replies `sendFile`.
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    serve: false,
    decorateReply: deps.pages !== 'prod',
  });

  // Each routes module gets the services it uses, never the database (decision 0040).
  const { maxCacheLifetime } = config;
  const cached = { config: { maxCacheLifetime } };
  await app.register(authRoutes({ accounts }));
  await app.register(captchaRoutes({ captcha: services.captcha }));
  await app.register(oidcRoutes({ accounts, google: config.google, secret, config }));
  await app.register(healthRoutes({ database: deps.database }));
  await app.register(sitemapRoutes({ sitemaps: services.sitemaps, maxLifetime: maxCacheLifetime }));
  await app.register(mediaRoutes({ access: services.mediaAccess, mediaDir: config.mediaDir }));
  await app.register(
    videosRoutes({
      videos: services.videos,
      files: services.videoFiles,
      status: services.videoStatus,
      storage: deps.storage,
      secret,
      ...cached,
    }),
  );
  await app.register(
    discoveryRoutes({
      discovery: services.discovery,
      recorder: services.keywordRecorder,
      ...cached,
    }),
  );
  await app.register(modelsRoutes({ models: services.models, ...cached }));
  await app.register(channelsRoutes({ models: services.models, ...cached }));
  await app.register(membersRoutes({ members: services.members, ...cached }));
  await app.register(playlistsRoutes({ playlists: services.playlists, ...cached }));
  await app.register(albumsRoutes({ playlists: services.playlists, ...cached }));
  await app.register(
    statRoutes({
      stats: services.stats,
      foldViews: services.foldViews,
      members: services.memberActions,
      countryOf: app.ageGates.country,
    }),
  );
  await app.register(inputRoutes(services.memberActions));
  await app.register(
    uploadRoutes({
      uploads: services.uploads,
      store: services.uploadStore,
      config,
      records: services.records,
      countryOf: app.ageGates.country,
    }),
  );
  await app.register(albumEditRoutes(services.albumEdit));
  await app.register(
    memberProfileRoutes({ profiles: services.memberProfiles, emails: services.emailChanges }),
  );
  app.decorate('adEvents', services.adEvents);
  app.decorate('dmcaRestoreDue', () => services.dmca.restoreDue());
  app.decorate('retryMail', (limit?: number) => services.outbox.retryDue(limit));
  app.decorate('expireAgeChecks', () => services.ageVerification.expireDue());
  app.decorate('forgetVideos', (videoIds: readonly number[]) =>
    forgetCachedVideos(cache, videoIds),
  );
  await app.register(socialRoutes(services.social));
  await app.register(ageVerificationRoutes(services.ageVerification));
  await app.register(adsRoutes({ ads: services.houseAds, adEvents: services.adEvents, ...cached }));
  await app.register(reportRoutes(services.reports));
  await app.register(consoleRoutes(services.console));
  await app.register(reviewRoutes(services.review));
  await app.register(recordsRoutes(services.records));
  await app.register(metadataRoutes(services.metadata));
  await app.register(myUploadsRoutes(services.myUploads, services.myDecisions));
  await app.register(peopleRoutes(services.people));
  await app.register(auditRoutes(services.audit));
  await app.register(reportInboxRoutes(services.reportInbox));
  await app.register(takedownRoutes(services.takedowns));
  await app.register(memberAdminRoutes(services.memberAdmin));
  await app.register(dmcaRoutes(services.dmca));
  await app.register(appealsRoutes(services.appeals));
  await app.register(ageCheckAdminRoutes(services.ageVerification));
  await app.register(accountDataRoutes(services.accountData));

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).header('cache-control', 'no-store');
    if (request.url.startsWith('/api/')) return reply.send(failure('not_found'));
    return reply.type('text/plain; charset=utf-8').send('Not found');
  });

  let renderer: PageRenderer | undefined;
  if (deps.pages !== 'none') {
    renderer =
      deps.pages === 'dev' ? await createDevRenderer(app) : await createProdRenderer(distDir);
    await app.register(
      pagesRoutes({
        renderer,
        site: {
          name: config.siteName,
          url: config.publicUrl,
          sisterSites: config.sisterSites,
          contactEmail: config.contactEmail,
          custodian: config.records.custodian,
        },
        googleSignIn: config.google !== undefined,
        layoutAds,
        analytics: (member) => pageAnalytics(config.analytics, member),
        pageUser: (viewer) => services.pageUsers.pageUser(viewer),
        ...(pageCache ? { pageCache } : {}),
      }),
    );
  }
  app.addHook('onClose', async () => {
    await renderer?.close();
  });
  return app;
}
