import { amountField } from '../../../shared/schemas/payments.js';

/** Default direct tip in ETH (SPEC.md section 9, 'Default tip amount'). */
export const DEFAULT_TIP_AMOUNT = '0.0001';

/**
 * Why a tip amount cannot be sent, or null. The server's rule (at most 8 decimals, the
 * precision tips are stored with) is checked before paying, so a tip is never sent that
 * could not then be recorded.
 */
export function tipAmountProblem(amount: string): string | null {
  const result = amountField.safeParse(amount);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Amount must be a valid number');
}
