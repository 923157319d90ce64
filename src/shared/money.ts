// Money as decimal strings and bigint base units (CONTRACT.md section 7): never a float.
// One module for both sides: the server prices and verifies payments with it, the web
// app turns typed amounts into the base units a wallet or a QR code needs.
// viem/utils, not viem: the browser bundle takes these two functions and nothing else.
import { formatUnits, parseUnits } from 'viem/utils';

/** Scale of numeric(18, 8) columns, the precision amounts are recorded with, and of our rate arithmetic. */
export const RECORDED_DECIMALS = 8;
const SCALE = RECORDED_DECIMALS;
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

/**
 * What a person typed ("1.5", " 0.001 ") in base units, or null when it is not a plain
 * non-negative decimal or has more decimals than the currency: nothing is rounded.
 */
export function parseAmount(amount: string, decimals: number): bigint | null {
  const text = amount.trim();
  const match = /^\d+(?:\.(\d+))?$/.exec(text);
  if (!match || (match[1]?.length ?? 0) > decimals) return null;
  return parseUnits(text, decimals);
}

/** Base units as a decimal string without trailing zeros ("0.05"). */
export function fromBaseUnits(units: bigint, decimals: number): string {
  return formatUnits(units, decimals);
}

/** Base units of a `decimals` currency rounded up to a whole 10^-`kept` of it (a price we can record). */
export function roundUpToDecimals(units: bigint, decimals: number, kept: number = RECORDED_DECIMALS): bigint {
  const step = TEN ** BigInt(Math.max(0, decimals - kept));
  return ((units + step - 1n) / step) * step;
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
