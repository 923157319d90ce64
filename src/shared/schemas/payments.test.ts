import { describe, expect, it } from 'vitest';
import { amountField } from './payments.js';

const messageFor = (amount: unknown) => {
  const result = amountField.safeParse(amount);
  return result.success ? null : result.error.issues[0]?.message;
};

// SPEC.md section 5: empty, not a number and not positive each have their own message.
describe('amountField', () => {
  it.each([
    ['', 'Amount is required'],
    ['   ', 'Amount is required'],
    [undefined, 'Amount is required'],
    ['abc', 'Amount must be a valid number'],
    ['1.2.3', 'Amount must be a valid number'],
    ['0', 'Amount must be greater than 0'],
    ['0.000', 'Amount must be greater than 0'],
    ['-1', 'Amount must be greater than 0'],
    ['-0.5', 'Amount must be greater than 0'],
    [-1, 'Amount must be greater than 0'],
    ['0.123456789', 'Amount must have at most 10 digits before and 8 after the point'],
  ])('%j answers %j', (amount, message) => {
    expect(messageFor(amount)).toBe(message);
  });

  it('accepts a positive decimal', () => {
    expect(amountField.parse(' 0.05 ')).toBe('0.05');
    expect(amountField.parse(2)).toBe('2');
  });
});
