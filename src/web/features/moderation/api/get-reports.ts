import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Report, ReportStatus } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/moderation/reports?status: one queue, newest first. */
export const getReports = (status: ReportStatus) => api.get<Report[]>('/api/moderation/reports', { status });

export const getReportsQueryOptions = (status: ReportStatus = 'open') =>
  queryOptions({ queryKey: moderationKeys.reports(status), queryFn: () => getReports(status), staleTime: 0 });

export const useReports = (status: ReportStatus) => useQuery(getReportsQueryOptions(status));
