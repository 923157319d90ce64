// USD estimates on the premium screens: SPEC.md section 9, "Premium page USD estimates:
// ETH x 2400, MATIC x 0.6, USDT and USDC 1:1". Display only: what is charged comes
// from the server (thread price, membership plan prices).
const PREMIUM_USD_RATES: Record<string, number> = { ETH: 2400, MATIC: 0.6, USDT: 1, USDC: 1 };

// Built on first use: the first Intl formatter of a page costs ~20 ms here (80 on a phone),
// and the thread page imports this module for its premium block whether or not it shows a price.
let usdFormat: Intl.NumberFormat | undefined;
const usd = { format: (value: number) => (usdFormat ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(value) };

/** '≈ $4.80' for an amount in a premium currency; null when the currency has no rate. */
export function usdEstimate(amount: string, currency: string): string | null {
  const rate = PREMIUM_USD_RATES[currency.toUpperCase()];
  const value = Number(amount);
  if (rate === undefined || !Number.isFinite(value)) return null;
  const estimate = value * rate;
  return estimate > 0 && estimate < 0.01 ? '< $0.01' : `≈ ${usd.format(estimate)}`;
}

/** A plan's USD price as the plan cards show it: '$8.50'. */
export const formatUsd = (amount: string) => usd.format(Number(amount));
