// The moderation module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { BAN_LIST_CHANNEL, createBanList, type BanList } from './ban-list.js';
export { createAppealService, type AppealService } from './appeals.js';
export { createBanService, type BanService } from './bans.js';
export { createSuspensionList, SUSPENSION_LIST_CHANNEL, type SuspensionList } from './suspension-list.js';
export { createSuspensionService, type SuspensionFound, type SuspensionService } from './suspensions.js';
export { recordModeration, type ModerationRecord } from './log.js';
export { moderationRoutes } from './routes.js';
export { createModerationService, type ModerationService } from './service.js';
export { moderationDocs } from './docs.js';
