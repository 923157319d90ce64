import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MembershipPlans } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { premiumKeys } from './keys';

/** GET /api/premium/membership-plans: each plan's price per payable currency and where to pay. */
export const getMembershipPlans = () => api.get<MembershipPlans>('/api/premium/membership-plans');

export const getMembershipPlansQueryOptions = () =>
  queryOptions({ queryKey: premiumKeys.membershipPlans(), queryFn: getMembershipPlans, staleTime: 5 * 60 * 1000 });

export const useMembershipPlans = () => useQuery(getMembershipPlansQueryOptions());
