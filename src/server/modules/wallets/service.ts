import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getAddress, verifyMessage, type Address, type Hex } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import type { WalletChallenge, WalletLink } from '../../../shared/api.js';
import { WALLET_CHALLENGE_TTL_MS } from '../../../shared/constants.js';
import type { Chains } from '../../chain/clients.js';
import type { Db } from '../../db/client.js';
import { walletChallenges, walletLinks } from '../../db/schema.js';
import { BadRequestError, ConflictError, isUniqueViolation, NotFoundError, ServiceUnavailableError } from '../../lib/errors.js';

const STATEMENT = 'Link this wallet to your Hushboard account so its payments count for you.';
export const INVALID_SIGNATURE = 'The signed message is invalid, expired or already used';
export const ADDRESS_TAKEN = 'This address is linked to another account';
const CHAIN_UNREACHABLE = 'The payment network cannot be reached; try again later';

/**
 * Wallet links (CONTRACT.md section 7): an address proves it belongs to an account by
 * signing a one-time Sign-In with Ethereum (EIP-4361) message the server issued.
 */
export function createWalletService(db: Db, chains: Pick<Chains, 'ethChainId'>) {
  return {
    async challenge(userId: number, rawAddress: string, site: { domain: string; uri: string }): Promise<WalletChallenge> {
      const address = getAddress(rawAddress.toLowerCase());
      const nonce = randomBytes(16).toString('hex');
      const issuedAt = new Date();
      const expiresAt = new Date(issuedAt.getTime() + WALLET_CHALLENGE_TTL_MS);
      // The chain the payments are verified on, so the wallet shows the right network.
      const chainId = await chains.ethChainId().catch(() => {
        throw new ServiceUnavailableError(CHAIN_UNREACHABLE);
      });
      let message: string;
      try {
        message = createSiweMessage({ ...site, address, chainId, nonce, version: '1', statement: STATEMENT, issuedAt, expirationTime: expiresAt });
      } catch {
        throw new BadRequestError('This host name cannot be used for wallet sign-in');
      }
      await db.insert(walletChallenges).values({ nonce, userId, address: address.toLowerCase(), message, expiresAt });
      return { message };
    },

    /** Links the signing address; the message must be the one issued to this user, unused and unexpired. */
    async link(userId: number, message: string, signature: string): Promise<WalletLink> {
      const { nonce, address } = parseSiweMessage(message);
      if (!nonce || !address) throw new BadRequestError(INVALID_SIGNATURE);
      const [challenge] = await db
        .select()
        .from(walletChallenges)
        .where(and(eq(walletChallenges.nonce, nonce), eq(walletChallenges.userId, userId)))
        .limit(1);
      if (!challenge || challenge.message !== message || challenge.address !== address.toLowerCase()) throw new BadRequestError(INVALID_SIGNATURE);
      const valid = await verifyMessage({ address: address as Address, message, signature: signature as Hex }).catch(() => false);
      if (!valid) throw new BadRequestError(INVALID_SIGNATURE);
      // Used at most once, even by two requests racing with the same signature.
      const used = await db
        .update(walletChallenges)
        .set({ usedAt: new Date() })
        .where(and(eq(walletChallenges.nonce, nonce), isNull(walletChallenges.usedAt), gt(walletChallenges.expiresAt, new Date())))
        .returning({ nonce: walletChallenges.nonce });
      if (used.length === 0) throw new BadRequestError(INVALID_SIGNATURE);
      const lower = address.toLowerCase();
      try {
        const [row] = await db.insert(walletLinks).values({ userId, address: lower }).returning();
        return { address: getAddress(lower), createdAt: row!.createdAt.toISOString() };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const [existing] = await db.select().from(walletLinks).where(eq(walletLinks.address, lower)).limit(1);
        if (existing?.userId === userId) return { address: getAddress(lower), createdAt: existing.createdAt.toISOString() };
        throw new ConflictError(ADDRESS_TAKEN);
      }
    },

    async list(userId: number): Promise<WalletLink[]> {
      const rows = await db.select().from(walletLinks).where(eq(walletLinks.userId, userId)).orderBy(walletLinks.id);
      return rows.map((row) => ({ address: getAddress(row.address), createdAt: row.createdAt.toISOString() }));
    },

    async unlink(userId: number, address: string): Promise<void> {
      const deleted = await db
        .delete(walletLinks)
        .where(and(eq(walletLinks.userId, userId), eq(walletLinks.address, address.toLowerCase())))
        .returning({ id: walletLinks.id });
      if (deleted.length === 0) throw new NotFoundError('This wallet is not linked to your account');
    },
  };
}
