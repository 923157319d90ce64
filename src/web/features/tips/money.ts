// The USD total of a thread's or post's tips, exactly: decimal strings become integer base
// units (src/shared/money.ts), never floating-point numbers (CONTRACT.md section 7).
import type { Tip } from '../../../shared/api.js';
import { CURRENCY_DECIMALS, TIP_USD_RATES } from '../../../shared/constants.js';
import { parseAmount, RECORDED_DECIMALS } from '../../../shared/money.js';

/** Tip amounts are read at ETH's 18 decimals, enough for every currency. */
const AMOUNT_DECIMALS = CURRENCY_DECIMALS.ETH;
/** Decimals kept when multiplying by a rate: enough for every rate in TIP_USD_RATES. */
const RATE_DECIMALS = RECORDED_DECIMALS;

/** The USD estimate of the confirmed tips, in units of 1e-(18 + 8) dollars. */
function confirmedUsd(tips: Tip[]): bigint {
  let total = 0n;
  for (const tip of tips) {
    if (tip.status !== 'confirmed') continue;
    const rate = TIP_USD_RATES[tip.currency.toUpperCase() as keyof typeof TIP_USD_RATES];
    const amount = parseAmount(tip.amount, AMOUNT_DECIMALS);
    const perUnit = rate ? parseAmount(rate, RATE_DECIMALS) : null;
    if (amount !== null && perUnit !== null) total += amount * perUnit;
  }
  return total;
}

/** '$1,234.50', rounded to the cent; '< $0.01' for a positive total below a cent (SPEC.md section 9). */
export function formatUsdTotal(tips: Tip[]): string {
  const total = confirmedUsd(tips);
  const centUnit = 10n ** BigInt(AMOUNT_DECIMALS + RATE_DECIMALS - 2);
  const cents = (total + centUnit / 2n) / centUnit;
  if (total > 0n && cents === 0n) return '< $0.01';
  const dollars = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${dollars}.${(cents % 100n).toString().padStart(2, '0')}`;
}
