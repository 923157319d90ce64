// Every way a wallet payment can fail, with the words SPEC.md section 8 gives each.

export type WalletErrorKind =
  /** No injected wallet (window.ethereum). */
  | 'no-wallet'
  /** The wallet answered no accounts: it is locked or has none. */
  | 'no-accounts'
  /** Asking the wallet for its accounts failed. */
  | 'connect-failed'
  /** A payment was attempted before connecting. */
  | 'not-connected'
  /** The user refused a request in the wallet. */
  | 'rejected'
  /** The wallet could not move to the chain the currency is paid on. */
  | 'wrong-chain'
  /** Sending failed, or the transaction reverted. */
  | 'transaction-failed';

export class WalletError extends Error {
  override readonly name = 'WalletError';
  constructor(
    readonly kind: WalletErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export const WALLET_MESSAGES = {
  noWallet: 'No Ethereum wallet found. Please install a browser wallet',
  noAccounts: 'No Ethereum accounts found. Please unlock your wallet',
  connectFailed: 'Failed to connect to wallet',
  notConnected: 'Please connect your wallet first',
  rejected: 'You declined the request in your wallet.',
} as const;

/** EIP-1193 error codes a wallet answers with. */
const USER_REJECTED = 4001;
const UNKNOWN_CHAIN = 4902;

/** The numeric EIP-1193 code of a wallet error, looking through viem's wrappers. */
export function providerErrorCode(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'number') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A wallet failure as a WalletError of the given kind, unless the user simply declined. */
export function asWalletError(error: unknown, kind: WalletErrorKind, message: string): WalletError {
  if (error instanceof WalletError) return error;
  const code = providerErrorCode(error);
  if (code === USER_REJECTED) return new WalletError('rejected', WALLET_MESSAGES.rejected);
  if (code === UNKNOWN_CHAIN) return new WalletError('wrong-chain', 'Your wallet does not know the payment network. Add it in your wallet, then try again.');
  return new WalletError(kind, message);
}
