import { describe, expect, it } from 'vitest';
import { fromBaseUnits, parseAmount, priceFromUsd, roundUpToDecimals, toBaseUnits, usdEstimate } from './money.js';

describe('money arithmetic', () => {
  it('turns decimal strings into base units, rounding a cut-off fraction up for prices', () => {
    expect(toBaseUnits('0.01', 18)).toBe(10_000_000_000_000_000n);
    expect(toBaseUnits('0.01000000', 6)).toBe(10_000n);
    expect(toBaseUnits('1.00000001', 6)).toBe(1_000_001n);
    expect(toBaseUnits('1.00000001', 6, 'floor')).toBe(1_000_000n);
    expect(toBaseUnits('12', 6)).toBe(12_000_000n);
    expect(fromBaseUnits(1_500_000n, 6)).toBe('1.5');
  });

  it('reads a typed amount exactly, or not at all', () => {
    expect(parseAmount('0.001', 18)).toBe(1_000_000_000_000_000n);
    expect(parseAmount(' 1 ', 18)).toBe(10n ** 18n);
    expect(parseAmount('0.1', 1)).toBe(1n);
    expect(parseAmount('0.12', 1)).toBeNull();
    expect(parseAmount('1e3', 18)).toBeNull();
    expect(parseAmount('-1', 18)).toBeNull();
    expect(parseAmount('1.', 18)).toBeNull();
  });

  it('rounds base units up to the 8 decimals amounts are recorded with', () => {
    expect(roundUpToDecimals(3_500_016_470_665_745n, 18)).toBe(3_500_020_000_000_000n);
    expect(roundUpToDecimals(3_500_020_000_000_000n, 18)).toBe(3_500_020_000_000_000n);
    expect(roundUpToDecimals(85_000_001n, 6)).toBe(85_000_001n);
  });

  it('prices a USD amount in a currency, rounded up in base units', () => {
    expect(priceFromUsd('8.50', '2428.56', 18)).toBe(3_500_016_470_665_745n);
    expect(priceFromUsd('8.50', '0.85', 18)).toBe(10n ** 19n);
    expect(priceFromUsd('85.00', '1', 6)).toBe(85_000_000n);
  });

  it('estimates USD exactly, where floating point would drift', () => {
    expect(usdEstimate('0.1', '0.1')).toBe('0.01');
    expect(usdEstimate('0.00000001', '60000')).toBe('0.0006');
    expect(usdEstimate('0.3', '3000')).toBe('900');
  });
});
