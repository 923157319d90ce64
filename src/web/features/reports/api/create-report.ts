import { useMutation } from '@tanstack/react-query';
import type { Report } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';

export type ReportTarget = { threadId: number } | { postId: number };

/** POST /api/reports: one open report per user and item (409 after). */
export const createReport = (input: ReportTarget & { reason: string }) => api.post<Report>('/api/reports', input);

export const useCreateReport = () => useMutation({ mutationFn: createReport });
