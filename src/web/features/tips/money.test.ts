import { describe, expect, it } from 'vitest';
import type { Tip } from '../../../shared/api.js';
import { formatUsdTotal } from './money';
import { tipPaymentUri } from './payment-uri';
import { tipAmountProblem } from './tip-amount';

const tip = (amount: string, currency: string, status: Tip['status'] = 'confirmed'): Tip => ({
  id: 1,
  amount,
  currency,
  status,
  createdAt: '2026-01-01T00:00:00.000Z',
  txHash: '0xabc',
  threadId: 1,
  postId: null,
});

describe('tip money', () => {
  it('totals confirmed tips at the SPEC rates, to the cent', () => {
    expect(formatUsdTotal([])).toBe('$0.00');
    expect(formatUsdTotal([tip('0.001', 'ETH')])).toBe('$3.00');
    expect(formatUsdTotal([tip('0.001', 'ETH'), tip('5', 'ETH', 'pending'), tip('9', 'ETH', 'failed')])).toBe('$3.00');
    expect(formatUsdTotal([tip('0.1', 'ETH'), tip('0.2', 'ETH')])).toBe('$900.00');
    expect(formatUsdTotal([tip('1000', 'ETH'), tip('2.5', 'USDC'), tip('3', 'DOGE')])).toBe('$3,000,002.80');
    expect(formatUsdTotal([tip('0.000001', 'ETH')])).toBe('< $0.01');
    expect(formatUsdTotal([tip('0.000005', 'ETH')])).toBe('$0.02');
    expect(formatUsdTotal([tip('1', 'XYZ')])).toBe('$0.00');
  });

  it('checks amounts as the server does', () => {
    expect(tipAmountProblem('0.0001')).toBeNull();
    expect(tipAmountProblem('')).toBe('Amount is required');
    expect(tipAmountProblem('abc')).toBe('Amount must be a valid number');
    expect(tipAmountProblem('0')).toBe('Amount must be greater than 0');
    expect(tipAmountProblem('0.000000001')).toMatch(/8 after the point/);
  });

  it('writes the EIP-681 request the QR code shows', () => {
    expect(tipPaymentUri('0xAbC', 10n ** 15n, 31337)).toBe('ethereum:0xAbC@31337?value=1000000000000000');
    expect(tipPaymentUri('0xAbC', 1n, null)).toBe('ethereum:0xAbC?value=1');
  });
});
