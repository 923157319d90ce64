import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyBan } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { banKeys } from './keys';

/** GET /api/bans/mine: the ban covering this address and its appeal, or null. */
export const getMyBan = () => api.get<MyBan>('/api/bans/mine');

// Always asked afresh: a ban, an appeal's decision or a lifted ban may have happened meanwhile.
export const getMyBanQueryOptions = () => queryOptions({ queryKey: banKeys.mine(), queryFn: getMyBan, staleTime: 0 });

export const useMyBan = () => useQuery(getMyBanQueryOptions());
