import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** GET /api/notifications/unread-count. */
export const getUnreadCount = () => api.get<UnreadCount>('/api/notifications/unread-count');

export const getUnreadCountQueryOptions = (userId: number) => queryOptions({ queryKey: notificationKeys.unreadCount(userId), queryFn: getUnreadCount });

/** The bell's count; `pollMs` only while the event stream is not live (live.ts). */
export const useUnreadCount = (userId: number, pollMs: number | false) => useQuery({ ...getUnreadCountQueryOptions(userId), refetchInterval: pollMs });
