import type { Tip } from '../../../../shared/api.js';
import type { TipInput } from '../../../../shared/schemas/crypto.js';
import { api } from '../../../lib/api-client';

/** POST /api/crypto/tips: records a sent tip; the server verifies it on the chain. */
export const createTip = (input: TipInput) => api.post<Tip>('/api/crypto/tips', { ...input });
