import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import { createChains, type Chains } from './chain/clients.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { createLogger, lazyChildLogger, privacySafe, requestLogPlugin } from './lib/logger.js';
import { RedisLink } from './lib/redis.js';
import { accountSecurityDocs, accountSecurityRoutes } from './modules/account-security/index.js';
import { authDocs, authRoutes } from './modules/auth/index.js';
import { boardDocs, boardRoutes } from './modules/boards/index.js';
import { cryptoDocs, cryptoRoutes } from './modules/crypto/index.js';
import { dashboardDocs, dashboardRoutes } from './modules/dashboard/index.js';
import { deletionDocs, deletionRoutes } from './modules/deletions/index.js';
import { editingDocs, editingRoutes } from './modules/editing/index.js';
import { eventDocs, eventRoutes, type LiveEventsOptions } from './modules/events/index.js';
import { feedDocs, feedRoutes } from './modules/feeds/index.js';
import { followDocs, followRoutes } from './modules/follows/index.js';
import { healthRoutes } from './modules/health/index.js';
import { createMetrics, metricsPlugin } from './modules/metrics/index.js';
import { moderationDocs, moderationRoutes } from './modules/moderation/index.js';
import { notificationDocs, notificationRoutes } from './modules/notifications/index.js';
import { openApiPlugin } from './modules/openapi/index.js';
import type { PageRenderer } from './modules/pages/index.js';
import { paymentDocs, paymentRoutes } from './modules/payments/index.js';
import { postDocs, postRoutes } from './modules/posts/index.js';
import { powGatePlugin } from './modules/pow/index.js';
import { premiumDocs, premiumRoutes } from './modules/premium/index.js';
import { reportDocs, reportRoutes } from './modules/reports/index.js';
import { savedThreadDocs, savedThreadRoutes } from './modules/saved/index.js';
import { searchDocs, searchRoutes } from './modules/search/index.js';
import { threadDocs, threadRoutes } from './modules/threads/index.js';
import { createStorage, uploadsPlugin } from './modules/uploads/index.js';
import { userDocs, userRoutes } from './modules/users/index.js';
import { voteDocs, voteRoutes } from './modules/votes/index.js';
import { pollDocs, pollRoutes } from './modules/polls/index.js';
import { walletDocs, walletRoutes } from './modules/wallets/index.js';
import { webauthnDocs, webauthnRoutes } from './modules/webauthn/index.js';
import { authorSuspensionPlugin } from './plugins/author-suspension.js';
import { clientIpPlugin } from './plugins/client-ip.js';
import { csrfPlugin } from './plugins/csrf.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { gatePlugin } from './plugins/gate.js';
import { httpCachePlugin } from './plugins/http-cache.js';
import { queryContextPlugin } from './plugins/query-context.js';
import { accountLimitPlugin } from './plugins/account-limit.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { requestIdGenerator, requestIdPlugin } from './plugins/request-id.js';
import { readinessDeadlinePlugin } from './plugins/readiness-deadline.js';
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import { textInputPlugin } from './plugins/text-input.js';
import { webAppPlugin } from './plugins/web-app.js';
import { createServices, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    pool: Database['pool'];
    /** The chains payments are verified on (CONTRACT.md section 7). */
    chains: Chains;
    /** Every module's service, built once in services.ts; routes reach them only here. */
    services: Services;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: Logger;
  /** Folder of the built web app; defaults to dist/web. */
  webRoot?: string;
  /**
   * The server render of pages; defaults to dist/ssr's with the default web app (when
   * built), none with another webRoot (tests of the shell alone).
   */
  pageRenderer?: PageRenderer | null;
  /** Live-update settings tests shorten (the heartbeat). */
  liveEvents?: LiveEventsOptions;
  /** Sees every route as it is registered, before any plugin (security/route-table-walk.test.ts lists them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Time to receive a whole request: a 5 MB image at about 1 Mbit/s, with room to spare. */
const REQUEST_TIMEOUT_MS = 60_000;
/** Time to receive a request's headers. */
const HEADERS_TIMEOUT_MS = 15_000;
/** How often Node checks the two limits above (its default, 30 s, would let them overrun by that much). */
const TIMEOUT_CHECK_INTERVAL_MS = 5_000;

/** JSON bodies above this are refused with 413 (uploads have their own limit). */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** What GET /api/openapi.json documents: each module's docs.ts, in the order of the routes below. */
const routeDocs = [
  ...authDocs,
  ...accountSecurityDocs,
  ...boardDocs,
  ...threadDocs,
  ...postDocs,
  ...voteDocs,
  ...pollDocs,
  ...searchDocs,
  ...moderationDocs,
  ...dashboardDocs,
  ...deletionDocs,
  ...editingDocs,
  ...reportDocs,
  ...userDocs,
  ...followDocs,
  ...savedThreadDocs,
  ...walletDocs,
  ...webauthnDocs,
  ...cryptoDocs,
  ...feedDocs,
  ...eventDocs,
  ...notificationDocs,
  ...premiumDocs,
  ...paymentDocs,
];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Builds the whole application without listening, so tests drive the very same app
 * with inject() or over HTTP. Order matters: third-party setup, then our decorators
 * (ip hash and bans, sessions, CSRF, limits), then the modules.
 */
export async function buildApp({ config, database, logger, webRoot, pageRenderer, liveEvents, onRoute }: AppDeps): Promise<FastifyInstance> {
  const processLogger = logger ?? createLogger(config.logLevel);
  const app = Fastify({
    loggerInstance: privacySafe(processLogger) as FastifyBaseLogger,
    // A hop count is valid at run time (proxy-addr) though Fastify's types omit it.
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: BODY_LIMIT_BYTES,
    // Closing waits for requests in flight; idle keep-alive sockets are closed at once.
    // (main.ts closes the rest after SHUTDOWN_TIMEOUT.)
    forceCloseConnections: 'idle',
    // A request (headers and body) must arrive within this: a client trickling its body
    // cannot hold a connection, or a shutdown, for ever. Enforced by Node every few seconds.
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    return503OnClosing: true,
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    // requestLogPlugin writes one line per request instead, and child loggers are made lazily.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLogger,
  });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('pool', database.pool);
  const chains = createChains(config);
  app.decorate('chains', chains);
  const storage = await createStorage(config);
  // Where browsers fetch images from when UPLOADS_PUBLIC_URL sends them elsewhere (the CSP allows it).
  const imageOrigin = config.uploadsPublicUrl === undefined ? undefined : new URL(config.uploadsPublicUrl).origin;
  app.addHook('onClose', async () => storage.close?.());
  // Off (nothing counted, no cost) unless someone may read them (CONTRACT.md section 1).
  const metrics = config.metrics.token !== undefined || config.metrics.port !== undefined ? createMetrics(database.pool) : undefined;
  const liveEventOptions = metrics ? { ...liveEvents, onDelivered: metrics.delivered } : liveEvents;
  app.decorate('services', createServices({ config, database, chains, storage, log: app.log, liveEvents: liveEventOptions }));
  app.addHook('onClose', async () => {
    app.services.banList.close();
    app.services.suspensionList.close();
    await app.services.channels.close();
  });
  // A write answered here may have changed any thread: the visitors' pages kept here go
  // before its answer does, so its author reads it here at once (threads/visitor-pages.ts).
  // (A refused one changed nothing: it leaves them.)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 400) app.services.visitorPages.forgetAll();
    done(null, payload);
  });
  // Shared rate-limit counters; /readyz reports it (CONTRACT.md section 1).
  const redis = config.redisUrl ? new RedisLink(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());

  // First: it sees every route registered after it, and the app does not start while a
  // write route declares no gate (CSRF, origin, bans, proof of work, limits: plugins/gate.ts).
  if (onRoute) app.addHook('onRoute', onRoute);
  await app.register(gatePlugin);
  // Before the routes too: each gets its figures as it is registered (and GET /metrics).
  await app.register(metricsPlugin, { metrics });
  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(requestLogPlugin, { logger: processLogger });
  // Before compression (in securityPlugin): the ETag is taken over the JSON text, not a compressed stream.
  await app.register(httpCachePlugin);
  await app.register(securityPlugin, { imageOrigin });
  await app.register(cookie);
  await app.register(clientIpPlugin);
  // CSRF before sessions, so even a request failing on the session lookup carries its token.
  await app.register(csrfPlugin);
  await app.register(sessionPlugin);
  // The author suspension check the gate and login ask (after sessions: it reads the author key).
  await app.register(authorSuspensionPlugin);
  await app.register(rateLimitPlugin, { redis });
  // Per-account limits on code guessing (app.spendAccountLimit), in the same store.
  await app.register(accountLimitPlugin, { redis });
  // Proof of work on register, login, thread and reply (app.powGate, asked by the gate), counted in the same store.
  await app.register(powGatePlugin, { redis });
  await app.register(textInputPlugin);
  await app.register(queryContextPlugin);

  await app.register(readinessDeadlinePlugin, { watch: database.watch, redis });
  // Before the routes: it sees each one registered, to compare them with their docs.
  await app.register(openApiPlugin, { docs: routeDocs });
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountSecurityRoutes);
  await app.register(boardRoutes);
  await app.register(threadRoutes);
  await app.register(postRoutes);
  await app.register(voteRoutes);
  await app.register(pollRoutes);
  await app.register(searchRoutes);
  await app.register(moderationRoutes);
  await app.register(dashboardRoutes);
  await app.register(deletionRoutes);
  await app.register(editingRoutes);
  await app.register(eventRoutes);
  await app.register(notificationRoutes);
  await app.register(reportRoutes);
  await app.register(userRoutes);
  await app.register(followRoutes);
  await app.register(savedThreadRoutes);
  await app.register(walletRoutes);
  await app.register(webauthnRoutes);
  await app.register(cryptoRoutes);
  await app.register(feedRoutes);
  await app.register(premiumRoutes);
  await app.register(paymentRoutes);
  await app.register(uploadsPlugin, { storage });
  await app.register(webAppPlugin, {
    ...(webRoot ? { root: webRoot } : {}),
    ...(pageRenderer !== undefined ? { renderer: pageRenderer } : {}),
    imageUrlOf: app.services.uploads.imageUrlOf,
    imageOrigin,
  });
  metrics?.readFrom({
    openStreams: () => app.services.liveEvents.openStreams,
    keptPages: () => app.services.visitorPages.counts,
    versionedLists: () => app.versionedCache.counts,
    powDifficulty: () => app.powGate.currentDifficulty(),
  });
  return app;
}
