import { queryOptions } from '@tanstack/react-query';
import type { PaymentsConfig, WalletChallenge, WalletLink } from '../../../shared/api.js';
import { api } from '../api-client';
import { walletKeys } from './keys';

/** GET /api/payments/config: the chain, token and decimals of each payable currency. */
export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.paymentsConfig(), queryFn: () => api.get<PaymentsConfig>('/api/payments/config'), staleTime: 5 * 60 * 1000 });

/** GET /api/wallets: addresses linked to the signed-in account. */
export const linkedWalletsQueryOptions = () => queryOptions({ queryKey: walletKeys.linked(), queryFn: () => api.get<WalletLink[]>('/api/wallets') });

/** POST /api/wallets/challenge: the one-time message the wallet signs. */
export const requestWalletChallenge = (address: string) => api.post<WalletChallenge>('/api/wallets/challenge', { address });

/** POST /api/wallets: links the address that signed the challenge. */
export const linkWallet = (message: string, signature: string) => api.post<WalletLink>('/api/wallets', { message, signature });
