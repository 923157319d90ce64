import { useMutation } from '@tanstack/react-query';
import type { Ban } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';

/** POST /api/moderation/ban-ip (admin). */
export const banIp = (input: { ipHash: string; reason?: string }) => api.post<Ban>('/api/moderation/ban-ip', input);

export const useBanIp = () => useMutation({ mutationFn: banIp });
