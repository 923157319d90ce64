import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Thread } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { threadKeys } from './keys';

export type Feed = 'recent' | 'popular';

/** GET /api/threads/simple-recent and /api/threads/simple-popular: the home feeds. */
export const getFeed = (feed: Feed) => api.get<Thread[]>(`/api/threads/simple-${feed}`);

export const getFeedQueryOptions = (feed: Feed) => queryOptions({ queryKey: threadKeys.feed(feed), queryFn: () => getFeed(feed) });

export const useFeed = (feed: Feed, enabled = true) => useQuery({ ...getFeedQueryOptions(feed), enabled });
