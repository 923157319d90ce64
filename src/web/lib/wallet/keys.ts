/** Query keys of the wallet layer. */
export const walletKeys = {
  /** The chain, token and decimals of each payable currency. */
  paymentsConfig: () => ['payments', 'config'] as const,
  /** Addresses linked to the signed-in account. */
  linked: () => ['wallets'] as const,
};
