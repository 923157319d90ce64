import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Notification } from '../../../../shared/api.js';
import { NOTIFICATIONS_PER_PAGE } from '../../../../shared/constants.js';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** GET /api/notifications?before={id}: newest first, 20 a page. */
export const getNotifications = (before: number | undefined) => api.get<Notification[]>('/api/notifications', { before });

export const getNotificationsQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.lists(userId),
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: undefined as number | undefined,
    // A short page is the last one; the next starts before the oldest id shown.
    getNextPageParam: (page) => (page.length < NOTIFICATIONS_PER_PAGE ? undefined : page[page.length - 1]?.id),
    // Opening the dropdown or the page shows what is new since.
    staleTime: 0,
  });

export const useNotifications = (userId: number) => useInfiniteQuery(getNotificationsQueryOptions(userId));
