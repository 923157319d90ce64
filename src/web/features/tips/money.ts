// Decimal-string money (CONTRACT.md section 7): amounts become integer base units through
// BigInt, never floating-point numbers.
import type { Tip } from '../../../shared/api.js';
import { TIP_USD_RATES } from '../../../shared/constants.js';

/** ETH moves in wei: 1e18 per ETH (SPEC.md section 9). */
export const ETH_DECIMALS = 18;
/** Decimals kept when multiplying by a rate: enough for every rate in TIP_USD_RATES. */
const RATE_DECIMALS = 8;

/** "1.5" at 18 decimals as 1500000000000000000n; null when it is not a plain decimal or has too many decimals. */
export function toBaseUnits(amount: string, decimals: number): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) return null;
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** The USD estimate of the confirmed tips, in units of 1e-(18 + 8) dollars. */
function confirmedUsd(tips: Tip[]): bigint {
  let total = 0n;
  for (const tip of tips) {
    if (tip.status !== 'confirmed') continue;
    const rate = TIP_USD_RATES[tip.currency.toUpperCase() as keyof typeof TIP_USD_RATES];
    const amount = toBaseUnits(tip.amount, ETH_DECIMALS);
    const perUnit = rate ? toBaseUnits(rate, RATE_DECIMALS) : null;
    if (amount !== null && perUnit !== null) total += amount * perUnit;
  }
  return total;
}

/** '$1,234.50', rounded to the cent; '< $0.01' for a positive total below a cent (SPEC.md section 9). */
export function formatUsdTotal(tips: Tip[]): string {
  const total = confirmedUsd(tips);
  const centUnit = 10n ** BigInt(ETH_DECIMALS + RATE_DECIMALS - 2);
  const cents = (total + centUnit / 2n) / centUnit;
  if (total > 0n && cents === 0n) return '< $0.01';
  const dollars = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${dollars}.${(cents % 100n).toString().padStart(2, '0')}`;
}
