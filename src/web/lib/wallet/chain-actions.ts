// What the wallet does on chain, through viem over the injected EIP-1193 provider.
// Loaded on demand (dynamic import) when a payment starts, so viem is not in the
// bundle of pages that never pay.
import { createPublicClient, createWalletClient, custom, erc20Abi, parseUnits, type Address, type Hash } from 'viem';
import type { PaymentNetwork } from '../../../shared/api.js';
import { getProvider, type Eip1193Provider } from './provider';
import { asWalletError, WALLET_MESSAGES, WalletError } from './wallet-errors';

function requireProvider(): Eip1193Provider {
  const provider = getProvider();
  if (!provider) throw new WalletError('no-wallet', WALLET_MESSAGES.noWallet);
  return provider;
}

const walletClient = () => createWalletClient({ transport: custom(requireProvider()) });
const publicClient = () => createPublicClient({ transport: custom(requireProvider()), pollingInterval: 1_000 });

/** EIP-191 personal_sign of the server's link message. */
export async function signMessage(account: Address, message: string): Promise<`0x${string}`> {
  try {
    return await walletClient().signMessage({ account, message });
  } catch (error) {
    throw asWalletError(error, 'connect-failed', 'Your wallet could not sign the message.');
  }
}

/** Moves the wallet to the chain the currency is paid on, asking the user when it is elsewhere. */
async function ensureChain(chainId: number | null): Promise<void> {
  if (chainId === null) return;
  const client = walletClient();
  const current = await client.getChainId().catch(() => null);
  if (current === chainId) return;
  try {
    await client.switchChain({ id: chainId });
  } catch (error) {
    throw asWalletError(error, 'wrong-chain', `Switch your wallet to network ${chainId} to pay.`);
  }
  if ((await client.getChainId().catch(() => null)) !== chainId) {
    throw new WalletError('wrong-chain', `Switch your wallet to network ${chainId} to pay.`);
  }
}

export interface PaymentOrder {
  from: Address;
  to: string;
  /** Decimal string in the currency's units. */
  amount: string;
  network: PaymentNetwork;
}

/** Sends the payment (native coin or an ERC-20 transfer) and answers its hash once the wallet has broadcast it. */
export async function sendPayment({ from, to, amount, network }: PaymentOrder): Promise<Hash> {
  await ensureChain(network.chainId);
  const value = parseUnits(amount, network.decimals);
  const client = walletClient();
  try {
    if (network.token) {
      return await client.writeContract({
        account: from,
        chain: null,
        address: network.token as Address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to as Address, value],
      });
    }
    return await client.sendTransaction({ account: from, chain: null, to: to as Address, value });
  } catch (error) {
    throw asWalletError(error, 'transaction-failed', 'The wallet could not send the transaction.');
  }
}

/** Waits until the transaction has `confirmations` blocks; a reverted one fails. */
export async function waitForConfirmations(hash: Hash, confirmations: number): Promise<void> {
  let status: 'success' | 'reverted';
  try {
    ({ status } = await publicClient().waitForTransactionReceipt({ hash, confirmations, timeout: 10 * 60 * 1000 }));
  } catch (error) {
    throw asWalletError(error, 'transaction-failed', 'The transaction could not be confirmed.');
  }
  if (status !== 'success') throw new WalletError('transaction-failed', 'The transaction was reverted on chain.');
}
