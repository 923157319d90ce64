import {
  erc20Abi,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import type { Chains } from './clients.js';

export type PaymentFailure = 'not_found' | 'reverted' | 'confirmations' | 'wrong_recipient' | 'too_little' | 'unreachable';

export type PaymentCheck =
  | { ok: true; from: Address; valueBaseUnits: bigint; confirmations: number }
  /** `from` is the sender whenever the transaction could be seen (so callers can refuse strangers first). */
  | { ok: false; reason: PaymentFailure; message: string; from?: Address };

export interface PaymentQuery {
  txHash: string;
  currency: string;
  recipient: string;
  minimumBaseUnits: bigint;
}

const EVM_HASH = /^0x[0-9a-f]{64}$/;
const same = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

/**
 * Checks one payment on its chain (CONTRACT.md section 7): the transaction exists,
 * succeeded, sent at least `minimumBaseUnits` to `recipient` (the native value, or
 * for tokens the Transfer logs of the configured contract) and has enough
 * confirmations. The caller decides what the sender (`from`) must be.
 */
export async function verifyPayment(chains: Chains, query: PaymentQuery): Promise<PaymentCheck> {
  const rail = chains.rail(query.currency);
  if (!rail) return { ok: false, reason: 'unreachable', message: `${query.currency} payments are not configured on this server` };
  const hash = query.txHash.toLowerCase();
  if (!EVM_HASH.test(hash)) return { ok: false, reason: 'not_found', message: 'Transaction not found on chain' };
  try {
    const receipt = await findReceipt(rail.client, hash as Hash);
    if (receipt === 'pending') return { ok: false, reason: 'confirmations', message: 'Transaction is not mined yet (0 confirmations)' };
    if (receipt === null) return { ok: false, reason: 'not_found', message: 'Transaction not found on chain' };

    let from: Address;
    let value: bigint;
    if (rail.token) {
      const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs }).filter(
        (log) => same(log.address, rail.token!) && same(log.args.to, query.recipient),
      );
      from = transfers[0]?.args.from ?? receipt.from;
      if (receipt.status === 'reverted') return { ok: false, reason: 'reverted', message: 'Transaction reverted on chain', from };
      if (transfers.length === 0) {
        return { ok: false, reason: 'wrong_recipient', message: `Transaction has no ${query.currency} transfer to the payment address`, from };
      }
      value = transfers.filter((log) => same(log.args.from, from)).reduce((sum, log) => sum + log.args.value, 0n);
    } else {
      const tx = await rail.client.getTransaction({ hash: hash as Hash });
      from = tx.from;
      if (receipt.status === 'reverted') return { ok: false, reason: 'reverted', message: 'Transaction reverted on chain', from };
      if (!same(tx.to, query.recipient)) return { ok: false, reason: 'wrong_recipient', message: 'Transaction was not sent to the payment address', from };
      value = tx.value;
    }
    if (value < query.minimumBaseUnits) {
      return { ok: false, reason: 'too_little', message: `Transaction paid less than the required amount`, from };
    }
    const latest = await rail.client.getBlockNumber({ cacheTime: 0 });
    const confirmations = Number(latest - receipt.blockNumber + 1n);
    if (confirmations < chains.confirmations) {
      return {
        ok: false,
        reason: 'confirmations',
        message: `Transaction has ${confirmations} of the ${chains.confirmations} confirmations it needs; try again shortly`,
        from,
      };
    }
    return { ok: true, from, valueBaseUnits: value, confirmations };
  } catch {
    return { ok: false, reason: 'unreachable', message: 'The payment network cannot be reached; try again later' };
  }
}

/** The receipt; 'pending' when the node knows the transaction but has not mined it; null when unknown. */
async function findReceipt(client: PublicClient, hash: Hash): Promise<TransactionReceipt | 'pending' | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
  }
  try {
    await client.getTransaction({ hash });
    return 'pending';
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return null;
    throw error;
  }
}
