import { z } from 'zod';
import { PAYMENT_CURRENCIES } from '../constants.js';
import { idField } from './fields.js';
import { amountField, currencyField, txHashField } from './payments.js';

/** POST /api/premium/purchase-access. `amount` is informational: the server charges its own price. */
export const purchaseAccessSchema = z.object({
  threadId: idField('Thread not found'),
  amount: amountField,
  currency: currencyField(PAYMENT_CURRENCIES),
  txHash: txHashField,
});
export type PurchaseAccessInput = z.input<typeof purchaseAccessSchema>;

/** POST /api/premium/purchase-membership. */
export const purchaseMembershipSchema = z.object({
  duration: z.enum(['monthly', 'annual'], { error: 'Duration must be monthly or annual' }),
  amount: amountField,
  currency: currencyField(PAYMENT_CURRENCIES),
  txHash: txHashField,
});
export type PurchaseMembershipInput = z.input<typeof purchaseMembershipSchema>;
