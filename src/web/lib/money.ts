// Amounts, addresses and transactions as every payment screen shows them (tips, premium,
// the wallet, the profile's addresses). The maths behind amounts is src/shared/money.ts.

/** Addresses are shown as their first 6 and last 4 characters (SPEC.md section 9). */
export function shortAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/** Block explorers, by currency: where a transaction hash can be looked at. */
const EXPLORERS: Record<string, string> = {
  ETH: 'https://etherscan.io/tx/',
  USDT: 'https://etherscan.io/tx/',
  USDC: 'https://etherscan.io/tx/',
  BTC: 'https://mempool.space/tx/',
  SOL: 'https://solscan.io/tx/',
  DOGE: 'https://dogechain.info/tx/',
  MATIC: 'https://polygonscan.com/tx/',
};

export function explorerUrl(currency: string, txHash: string): string {
  return `${EXPLORERS[currency.toUpperCase()] ?? EXPLORERS.ETH}${encodeURIComponent(txHash)}`;
}

/** Displayed decimals per currency (SPEC.md section 9). */
const DECIMALS: Record<string, number> = { BTC: 8, ETH: 6, SOL: 4, DOGE: 2, USDT: 2, USDC: 2 };

export function formatAmount(amount: string, currency: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return `${amount} ${currency}`;
  const decimals = DECIMALS[currency.toUpperCase()] ?? 4;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: decimals })} ${currency}`;
}
