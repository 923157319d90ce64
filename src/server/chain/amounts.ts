// Money as decimal strings and bigint base units (CONTRACT.md section 7): never a float.
import { formatUnits, parseUnits } from 'viem';

/** Scale of numeric(18, 8) columns and of our rate arithmetic. */
const SCALE = 8;
const TEN = 10n;

/**
 * A decimal string in base units. parseUnits rounds a longer fraction to nearest; a
 * price must never be rounded down, so with 'ceil' any cut-off digit rounds up.
 */
export function toBaseUnits(decimal: string, decimals: number, rounding: 'ceil' | 'floor' = 'ceil'): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const kept = fraction.slice(0, decimals);
  const units = parseUnits(kept ? `${whole}.${kept}` : whole, decimals);
  const cutOff = /[1-9]/.test(fraction.slice(decimals));
  return cutOff && rounding === 'ceil' ? units + 1n : units;
}

/** Base units as a decimal string without trailing zeros ("0.05"). */
export function fromBaseUnits(units: bigint, decimals: number): string {
  return formatUnits(units, decimals);
}

/** `usd` divided by `rate` (USD per unit), in base units of a `decimals` currency, rounded up. */
export function priceFromUsd(usd: string, rate: string, decimals: number): bigint {
  const numerator = toBaseUnits(usd, SCALE) * TEN ** BigInt(decimals);
  const denominator = toBaseUnits(rate, SCALE);
  return (numerator + denominator - 1n) / denominator;
}

/** amount × rate as a decimal string of at most 8 decimals (cut, not rounded). */
export function usdEstimate(amount: string, rate: string): string {
  const product = (toBaseUnits(amount, SCALE, 'floor') * toBaseUnits(rate, SCALE, 'floor')) / TEN ** BigInt(SCALE);
  return fromBaseUnits(product, SCALE);
}
