// The composition root: every module's service is built here, once per app, from the
// few things it needs. Routes only use them (app.services); no route file builds one.
import path from 'node:path';
import type { Chains } from './chain/clients.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createPgChannels } from './lib/pg-channels.js';
import { createAccountSecurityService } from './modules/account-security/index.js';
import { createActivityService } from './modules/activities/index.js';
import { createAuthService } from './modules/auth/index.js';
import { createBoardService } from './modules/boards/index.js';
import { createDashboardService } from './modules/dashboard/index.js';
import { createDeletionService } from './modules/deletions/index.js';
import { createEditingService, createHistoryService } from './modules/editing/index.js';
import { createLiveEvents, type LiveEventsOptions } from './modules/events/index.js';
import { createFeedService } from './modules/feeds/index.js';
import { createAddressService, createTipService } from './modules/crypto/index.js';
import { createFollowService } from './modules/follows/index.js';
import {
  createAppealService,
  createBanList,
  createBanService,
  createModerationService,
  createSuspensionList,
  createSuspensionService,
} from './modules/moderation/index.js';
import { createNotificationService, createPublisher } from './modules/notifications/index.js';
import { createPaymentsService } from './modules/payments/index.js';
import { createPostService } from './modules/posts/index.js';
import { createPremiumService } from './modules/premium/index.js';
import { createReportService } from './modules/reports/index.js';
import { createSavedThreadService } from './modules/saved/index.js';
import { createSearchService } from './modules/search/index.js';
import { createThreadService, createVisitorPages } from './modules/threads/index.js';
import { createImageRelease, createUploadService, type ImageStorage } from './modules/uploads/index.js';
import { createUserService } from './modules/users/index.js';
import { createVoteService } from './modules/votes/index.js';
import { createPollService } from './modules/polls/index.js';
import { createWalletService } from './modules/wallets/index.js';
import { createWebauthnService } from './modules/webauthn/index.js';

export interface ServiceDeps {
  config: Pick<Config, 'paymentAddress' | 'secret' | 'uploadsPublicUrl' | 'dataDir' | 's3'>;
  database: Pick<Database, 'db' | 'pool' | 'directUrl'>;
  /** The chains payments are verified on (CONTRACT.md section 7). */
  chains: Chains;
  /** Where uploaded images are stored (and removed from, with the content showing them). */
  storage: Pick<ImageStorage, 'put' | 'delete'>;
  /** Where the live-update listener reports a lost connection. */
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** Live-update settings tests shorten (the heartbeat). */
  liveEvents?: LiveEventsOptions | undefined;
}

export function createServices({ config, database: { db, pool, directUrl }, chains, storage, log, liveEvents }: ServiceDeps) {
  const uploads = createUploadService(storage, config.uploadsPublicUrl);
  // Rows keep '/uploads/<name>'; every serializer builds the client's URL with imageUrlOf.
  const { saveImage, imageUrlOf } = uploads;
  const { paymentAddress } = config;
  const boards = createBoardService(db);
  // Writes that notify announce the new unread counts once committed; a failure is logged.
  const publishNotified = createPublisher(db, log);
  const threads = createThreadService({ db, saveImage, imageUrlOf, publishNotified });
  const users = createUserService(db, imageUrlOf);
  const channels = createPgChannels({ connectionString: directUrl, log });
  // The bans in force, in memory: the ban check on every guarded write asks it first.
  const banList = createBanList({ db, channels, log });
  // The author suspensions in force, in memory: the check on signed-in writes asks it first.
  const suspensionList = createSuspensionList({ db, channels, log });
  return {
    accountSecurity: createAccountSecurityService(db, config.secret),
    activities: createActivityService(db),
    addresses: createAddressService(db),
    appeals: createAppealService(db, banList, suspensionList),
    auth: createAuthService(db, config.secret),
    banList,
    bans: createBanService(db, banList),
    boards,
    // Local uploads are measured on disk (uploads/storage.ts keeps them there); a bucket is not walked.
    dashboard: createDashboardService({ db, uploadsDir: config.s3 === undefined ? path.join(config.dataDir, 'uploads') : undefined }),
    deletions: createDeletionService({ db, releaseImages: createImageRelease(db, storage) }),
    editing: createEditingService({ db, imageUrlOf, publishNotified }),
    history: createHistoryService(db),
    feeds: createFeedService({ threads, boards, users }),
    follows: createFollowService(db),
    // One LISTEN connection for the instance's invalidated state (the visitors' page cache,
    // the ban list), apart from the live events' own; both keep their session (directUrl).
    channels,
    // One LISTEN connection of its own (not a pool client), on a connection that keeps its session.
    liveEvents: createLiveEvents({ db, connectionString: directUrl, log, ...(liveEvents ? { options: liveEvents } : {}) }),
    moderation: createModerationService(db, imageUrlOf),
    payments: createPaymentsService({ chains, paymentAddress }),
    notifications: createNotificationService({ db, log }),
    polls: createPollService(db),
    posts: createPostService({ db, pool, saveImage, imageUrlOf, publishNotified }),
    premium: createPremiumService({ db, chains, paymentAddress }),
    reports: createReportService(db),
    saved: createSavedThreadService(db, imageUrlOf),
    search: createSearchService(db, pool),
    suspensionList,
    suspensions: createSuspensionService(db, suspensionList),
    threads,
    // The thread pages visitors read, until a change to the thread is announced (visitor-pages.ts).
    visitorPages: createVisitorPages(channels),
    tips: createTipService({ db, chains, publishNotified }),
    uploads,
    users,
    votes: createVoteService(db),
    wallets: createWalletService(db, chains),
    webauthn: createWebauthnService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
