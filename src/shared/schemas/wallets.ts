import { z } from 'zod';

const evmAddress = z
  .string({ error: 'Address is required' })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Address must be 0x followed by 40 hex digits');

/** POST /api/wallets/challenge: the address the wallet will sign for. */
export const walletChallengeSchema = z.object({ address: evmAddress });

/** POST /api/wallets: the EIP-4361 message as issued, and its EIP-191 signature. */
export const linkWalletSchema = z.object({
  message: z.string({ error: 'Message is required' }).min(1, 'Message is required').max(2000, 'Message is too long'),
  signature: z
    .string({ error: 'Signature is required' })
    .trim()
    .regex(/^0x[0-9a-fA-F]{2,1000}$/, 'Signature must be 0x followed by hex digits'),
});
