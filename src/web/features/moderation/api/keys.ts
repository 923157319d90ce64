import type { BanScope, ReportStatus } from '../../../../shared/api.js';

/** Every query key of the moderation feature; a ban or a resolved report refreshes them all. */
export const moderationKeys = {
  all: () => ['moderation'] as const,
  reports: (status: ReportStatus) => [...moderationKeys.all(), 'reports', status] as const,
  log: () => [...moderationKeys.all(), 'log'] as const,
  bannedIps: () => [...moderationKeys.all(), 'banned-ips'] as const,
  ipHashes: (threadId: number) => [...moderationKeys.all(), 'ip-hashes', threadId] as const,
  banPreview: (ipHash: string, scope: BanScope) => [...moderationKeys.all(), 'ban-preview', ipHash, scope] as const,
  appeals: () => [...moderationKeys.all(), 'appeals'] as const,
  suspensions: () => [...moderationKeys.all(), 'suspensions'] as const,
  stats: (days: number) => [...moderationKeys.all(), 'stats', days] as const,
};
