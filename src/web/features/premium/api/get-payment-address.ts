import { api } from '../../../lib/api-client';

/**
 * GET /api/premium/payment-address/{threadId}: where this thread's access is paid (the
 * author's ETH address, else the platform's). Asked fresh at each purchase, never cached,
 * so a changed author address is honoured.
 */
export const getPaymentAddress = (threadId: number) => api.get<{ address: string }>(`/api/premium/payment-address/${threadId}`);
