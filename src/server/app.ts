/**
 * buildApp: the Fastify instance with every route. main.ts runs it; tests build it too, with their
 * own clock, randomness and mail.
 */
import { randomBytes as nodeRandomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import helmet from 'helmet';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import '../shared/zod-locale';
import { dashboardRoutes } from './admin/routes';
import { ANNIVERSARY_REMINDERS, ANNIVERSARY_RUN, anniversaryRemindersJob } from './anniversaries/reminders';
import { authRoutes } from './auth/routes';
import { loginLinkRoutes } from './auth/login-link-routes';
import { accountSetupRoutes } from './auth/setup-routes';
import { loadClientHtml } from './client-html';
import type { Config } from './config';
import { consentRoutes } from './consent/routes';
import { contactRoutes } from './contact/routes';
import { supportRoutes } from './support/routes';
import type { Db } from './db/connection';
import type { Deps } from './deps';
import { healthRoutes } from './health/routes';
import { metricsRoutes } from './metrics/routes';
import { DATABASE_UNAVAILABLE_MESSAGE, SERVER_ERROR_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE, clientErrorHandler, frameworkErrors, refuseUncleanInput } from './lib/clean-input';
import { HttpError, isDatabaseUnreachable } from './lib/errors';
import { requestForLog } from './lib/request-log';
import { createDailySchedule } from './lib/daily';
import { PRUNE_JOBS, createJobRunner, pruneJobsJob } from './lib/jobs';
import { providersFor } from './ai/providers';
import { AI_STEP, aiStepJob } from './ai/steps';
import { aiRoutes } from './ai/routes';
import { SEND_MAIL, type Mailer, createMailer, sendMailJob } from './lib/mail';
import { createBatchedRateLimiter } from './lib/batched-rate-limit';
import { createRateLimiter } from './lib/rate-limit';
import { type Storage, StorageUnavailableError, createStorage, storageOptionsFrom } from './lib/storage';
import { type UploadLimits, UPLOAD_LIMITS, registerUploads } from './lib/uploads';
import { createMemorialPageCache } from './memorials/page-cache';
import { createMemorialChanges } from './memorials/changes';
import { memorialPageRoute } from './memorials/page-route';
import { createRecentMemorials } from './memorials/recent';
import { MEMORIAL_PAGE, demoPageHead } from './memorials/page-head';
import { FAMILY_TREE_PAGE, familyTreePageRoute } from './family-tree/page-route';
import { familyTreeRoutes } from './family-tree/routes';
import { mediaRoutes } from './media/routes';
import { musicRoutes } from './music/routes';
import { invitationRoutes } from './memorials/invitations-routes';
import { memberRoutes } from './memorials/members-routes';
import { memorialRoutes } from './memorials/routes';
import { notificationRoutes } from './notifications/routes';
import { POST_DIGEST, sendPostDigest, sweepPostMails } from './notifications/post-mail';
import { postMailRoutes } from './notifications/post-mail-routes';
import { postRoutes } from './posts/routes';
import { PURGE_RUNS, purgeJobs, purgeLimitRows } from './privacy/purges';
import { sweepAbandonedUploads } from './lib/uploads-in-progress';
import { moneyAdminRoutes } from './money/admin-routes';
import { moneyRoutes } from './money/routes';
import { pricingRoutes } from './pricing/routes';
import { productionCodeRoutes } from './production/codes-routes';
import { countIfCode } from './qr/lookup-limit';
import { qrRoutes } from './qr/routes';
import { exportRoutes } from './production/export-routes';
import { archiveRoutes } from './archive/routes';
import { MAKE_ARCHIVE, makeArchiveJob } from './archive/memorial-background';
import { memorialArchiveRoutes } from './archive/memorial-routes';
import { bookRoutes } from './book/routes';
import { privacyRoutes } from './privacy/routes';
import { peopleRoutes } from './people/routes';
import { warehouseRoutes } from './production/warehouse-routes';
import { laserJobRoutes } from './production/laser-routes';
import { productionQueueRoutes } from './production/queue-routes';
import { resellerAdminRoutes } from './resellers/admin-routes';
import { resellerRoutes } from './resellers/routes';
import { twoFactorRoutes } from './staff/two-factor-routes';
import { createStatsCounter } from './stats/counter';
import { statsRoutes } from './stats/routes';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface AppInput {
  config: Config;
  db: Db;
  now?: () => Date;
  randomBytes?: (size: number) => Uint8Array;
  mailer?: Mailer;
  /** The built client (dist/client); the API runs without it. */
  clientDir?: string;
  /** Where media is kept; by default what the configuration names (S3_BUCKET, else DATA_DIR/media). */
  storage?: Storage;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests that read it). */
  logStream?: NodeJS.WritableStream;
  /** Told of every route as it is added: for tests that go through every call (api-fuzz.test.ts). */
  onRoute?: (route: RouteOptions) => void;
  /** The largest upload of each kind; by default the product's (shared/media-limits.ts). Tests go past a small one in kilobytes. */
  uploadLimits?: Partial<UploadLimits>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(input: AppInput): Promise<FastifyInstance> {
  const { config, db } = input;
  const app = Fastify({
    logger:
      input.logger === false
        ? false
        : { level: config.LOG_LEVEL, serializers: { req: requestForLog }, ...(input.logStream ? { stream: input.logStream } : {}) },
    // A number of hops is trusted as proxy-addr counts them: the connection's own address is hop 0.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A request Fastify or Node cannot read is answered in Danish too (lib/clean-input.ts).
    frameworkErrors,
    clientErrorHandler,
    // Fastify waits for ever by default: a sender who stalls part-way would hold its socket, and an
    // upload its file and folder, for good. A request has half an hour to arrive whole (a 500 MB
    // video on a 3 Mbit/s line takes 23 minutes) and a connection silent for two minutes is closed;
    // an upload cut off either way lets go of what it held (lib/uploads.ts cutOffSignal).
    requestTimeout: 30 * 60_000,
    connectionTimeout: 2 * 60_000,
  });
  if (input.onRoute) app.addHook('onRoute', input.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const now = input.now ?? (() => new Date());
  const mailer = input.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log: app.log });
  const rateLimiter = createRateLimiter(db, now);
  const lookupLimiter = createBatchedRateLimiter(db, now);
  // Once-a-day work, queued by whichever instance's tick comes first (lib/daily.ts).
  const daily = createDailySchedule({
    db,
    now,
    runs: [{ name: 'post-digest', kind: POST_DIGEST, hour: 7 }, ANNIVERSARY_RUN, { name: 'jobs-prune', kind: PRUNE_JOBS, hour: 3 }, ...PURGE_RUNS],
  });
  const ai = providersFor(config);
  const jobs = createJobRunner({
    db,
    now,
    log: app.log,
    handlers: {
      [SEND_MAIL]: sendMailJob(mailer),
      [POST_DIGEST]: async () => void (await sendPostDigest(deps)),
      [ANNIVERSARY_REMINDERS]: anniversaryRemindersJob({ db, now, baseUrl: config.BASE_URL }),
      [PRUNE_JOBS]: pruneJobsJob(db, now),
      [AI_STEP]: aiStepJob(() => deps, ai),
      [MAKE_ARCHIVE]: makeArchiveJob(() => deps),
      // What /privacy promises about keeping data (privacy/purges.ts).
      ...purgeJobs(() => deps),
    },
    maintenance: async () => {
      // The limits' addresses go as soon as their window ends (/privacy: "typisk under en time").
      await purgeLimitRows(deps, now());
      // Files of uploads a killed server was storing (lib/uploads-in-progress.ts).
      await sweepAbandonedUploads(deps, now());
      await daily.tick();
      // Administrators' e-mail about new posts (notifications/post-mail.ts).
      await sweepPostMails(deps);
    },
  });
  const storage = input.storage ?? createStorage(storageOptionsFrom(config));
  const recentMemorials = createRecentMemorials({ db, now });
  const memorialChanges = createMemorialChanges();
  memorialChanges.listen(recentMemorials.forget);
  const stats = createStatsCounter(db, now);
  const deps: Deps = {
    config,
    db,
    now,
    randomBytes: input.randomBytes ?? nodeRandomBytes,
    jobs,
    ai,
    rateLimiter,
    lookupLimiter,
    storage,
    log: app.log,
    recentMemorials,
    stats,
    uploadLimits: { ...UPLOAD_LIMITS, ...input.uploadLimits },
    memorialChanged: memorialChanges.changed,
    lifecycle: { shuttingDown: false },
  };
  app.decorate('deps', deps);
  app.addHook('preClose', async () => {
    deps.lifecycle.shuttingDown = true;
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await lookupLimiter.close();
    await stats.close();
    mailer.close();
  });

  const clientDir = input.clientDir && existsSync(path.join(input.clientDir, 'index.html')) ? input.clientDir : undefined;
  const clientHtml = clientDir ? await loadClientHtml(clientDir, config, app.log) : undefined;

  await app.register(fastifyCookie);
  await registerUploads(app);
  // The app shell and API answers, compressed on the fly at a cheap setting; built files come
  // already compressed from the build (vite.config.ts) and are sent as they are.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  // Helmet's headers, worked out once. (@fastify/helmet builds helmet anew for every request, which
  // cost an eighth of the server's time on the QR look-ups, the busiest calls.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(clientHtml?.inlineScriptHashes ?? [])],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        upgradeInsecureRequests: null,
      },
    },
    // Served over plain HTTP on a LAN or localhost too; HSTS belongs on the TLS proxy.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));

  // Cookies are SameSite=Lax, and on top of that no state-changing request from another site is
  // accepted: the Origin a browser sends must be ours.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const ownOrigin = `${request.protocol}://${request.host}`;
    if ((origin && origin !== config.baseOrigin && origin !== ownOrigin) || site === 'cross-site') {
      throw new HttpError(403, 'Forespørgslen kom fra et andet websted og blev afvist.');
    }
  });

  // No NUL or lone surrogate reaches a handler (shared/text.ts).
  refuseUncleanInput(app);

  // A memorial asked for by a QR code is a look-up of that code, and costs what the QR calls cost.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/memorials/:id')) await countIfCode(deps, request, (request.params as { id?: unknown }).id);
  });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
      return reply.code(400).send({ message: first.message, ...(field ? { field } : {}) });
    }
    if (error instanceof HttpError) {
      if (error.extra.retryAfterSeconds) reply.header('retry-after', String(error.extra.retryAfterSeconds));
      const { retryAfterSeconds: _omit, ...extra } = error.extra;
      return reply.code(error.statusCode).send({ message: error.message, ...extra });
    }
    const status = (error as { statusCode?: number }).statusCode;
    // Fastify's own client errors (bad JSON, too large, wrong content type) are the caller's fault.
    if (status && status >= 400 && status < 500) {
      const message =
        status === 413 ? 'Forespørgslen er for stor.' : status === 415 ? 'Forespørgslen har en ukendt indholdstype.' : 'Forespørgslen kunne ikke læses.';
      return reply.code(status).send({ message });
    }
    // What we depend on is away for a moment (a restart, an outage): ask them to try again.
    if (error instanceof StorageUnavailableError) {
      request.log.error({ err: error }, 'media storage unreachable');
      return reply.code(503).header('retry-after', '30').send({ message: STORAGE_UNAVAILABLE_MESSAGE });
    }
    if (isDatabaseUnreachable(error)) {
      request.log.error({ err: error }, 'database unreachable');
      return reply.code(503).header('retry-after', '10').send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: SERVER_ERROR_MESSAGE });
  });

  // First, so its onResponse hook times every route (metrics/instance.ts).
  metricsRoutes(app, deps);
  healthRoutes(app, deps);
  authRoutes(app, deps);
  accountSetupRoutes(app, deps);
  loginLinkRoutes(app, deps);
  qrRoutes(app, deps);
  productionCodeRoutes(app, deps);
  notificationRoutes(app, deps);
  postMailRoutes(app, deps);
  postRoutes(app, deps);
  resellerRoutes(app, deps);
  resellerAdminRoutes(app, deps);
  peopleRoutes(app, deps);
  consentRoutes(app, deps);
  contactRoutes(app, deps);
  supportRoutes(app, deps);
  pricingRoutes(app, deps);
  moneyRoutes(app, deps);
  moneyAdminRoutes(app, deps);
  memorialRoutes(app, deps);
  memberRoutes(app, deps);
  invitationRoutes(app, deps);
  mediaRoutes(app, deps);
  familyTreeRoutes(app, deps);
  musicRoutes(app, deps);
  aiRoutes(app, deps);
  statsRoutes(app, deps);
  twoFactorRoutes(app, deps);
  dashboardRoutes(app, deps);
  // The production floor (issue 23): the warehouse's packing table.
  warehouseRoutes(app, deps);
  // The production floor's laser jobs and queue (issue 23 items 5 and 7).
  laserJobRoutes(app, deps);
  productionQueueRoutes(app, deps);
  exportRoutes(app, deps);
  // Permanence and privacy (issue 26): the map a successor needs, the printed memorial book, and a person's own data.
  archiveRoutes(app, deps);
  memorialArchiveRoutes(app, deps);
  bookRoutes(app, deps);
  privacyRoutes(app, deps);

  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // index.html is only ever sent with the configuration written in (below).
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(res, file) {
        const name = path.basename(file);
        // Vite names built assets by their content, so they never change under one name.
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        // A browser must see a new service worker at once, or an old one keeps serving old pages.
        else if (name === 'sw.js') res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  const notFound = { message: 'Adressen findes ikke.' };
  const memorialPages = clientHtml ? createMemorialPageCache(deps, clientHtml) : undefined;
  if (memorialPages) memorialChanges.listen(memorialPages.forget);
  const serveMemorialPage = clientHtml && memorialPages ? memorialPageRoute(deps, clientHtml, memorialPages) : undefined;
  const serveFamilyTreePage = clientHtml ? familyTreePageRoute(deps, clientHtml) : undefined;
  if (clientHtml) {
    // Every page address is the React app's: it routes on the client and shows its own not-found
    // page. A route (not the not-found handler) so that the response is compressed like the rest.
    app.get('/*', async (request, reply) => {
      // A missing built asset (a tab left open across a deploy) must fail as a 404, not as HTML.
      if (request.url.startsWith('/api/') || request.url.startsWith('/assets/')) return reply.code(404).send(notFound);
      const pathname = request.url.split('?')[0]!;
      const memorialPage = MEMORIAL_PAGE.exec(pathname);
      if (memorialPage && serveMemorialPage) return serveMemorialPage(request, reply, pathname, memorialPage[1]!);
      const familyTreePage = FAMILY_TREE_PAGE.exec(pathname);
      if (familyTreePage && serveFamilyTreePage) return serveFamilyTreePage(request, reply, pathname, familyTreePage[1]!);
      reply.header('cache-control', 'no-cache');
      const demo = await demoPageHead(deps, pathname);
      if (demo) return reply.type('text/html; charset=utf-8').send(clientHtml.withHead(demo));
      return reply.type('text/html; charset=utf-8').send(clientHtml.forPath(pathname));
    });
  }
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFound));

  return app;
}
