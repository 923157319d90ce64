import { isAddress } from 'viem';
import { z } from 'zod';
import { ADDRESS_CURRENCIES, ADDRESS_MAX, ADDRESS_MIN, EVM_ADDRESS_CURRENCIES, TIP_CURRENCIES } from '../constants.js';
import { booleanField, optionalIdField } from './fields.js';
import { amountField, currencyField, txHashField } from './payments.js';

const BASE58 = '1-9A-HJ-NP-Za-km-z';
/** Alphabet and length of the non-EVM address formats, so a typo cannot swallow a tip. */
const addressFormats: Record<string, RegExp[]> = {
  BTC: [new RegExp(`^[13][${BASE58}]{25,34}$`), /^bc1[02-9ac-hj-np-z]{11,71}$/, /^BC1[02-9AC-HJ-NP-Z]{11,71}$/],
  SOL: [new RegExp(`^[${BASE58}]{32,44}$`)],
  DOGE: [new RegExp(`^[DA9][${BASE58}]{25,34}$`)],
};

/** Why an address is not valid for the currency, or null when it is. */
export function addressProblem(currency: string, address: string): string | null {
  if ((EVM_ADDRESS_CURRENCIES as readonly string[]).includes(currency)) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return `${currency} address must be 0x followed by 40 hex digits`;
    // Mixed case carries an EIP-55 checksum; all-lower and all-upper case carry none.
    const digits = address.slice(2);
    if (digits !== digits.toUpperCase() && !isAddress(address)) return `${currency} address checksum does not match (check for a typo)`;
    return null;
  }
  const formats = addressFormats[currency];
  if (formats && !formats.some((format) => format.test(address))) return `This is not a valid ${currency} address`;
  return null;
}

/** POST /api/crypto/addresses and the Add Address form (SPEC.md section 5). */
export const addAddressSchema = z
  .object({
    currency: currencyField(ADDRESS_CURRENCIES),
    address: z
      .string({ error: 'Address must be at least 10 characters' })
      .trim()
      .min(ADDRESS_MIN, 'Address must be at least 10 characters')
      .max(ADDRESS_MAX, 'Address is too long'),
    /** Whether tips to the user's anonymous posts may be sent here (CONTRACT.md section 4). */
    useForAnonymous: booleanField(false),
  })
  .superRefine((input, ctx) => {
    const problem = addressProblem(input.currency, input.address);
    if (problem) ctx.addIssue({ code: 'custom', path: ['address'], message: problem });
  });
export type AddAddressInput = z.input<typeof addAddressSchema>;

/** POST /api/crypto/tips: a tip on a thread or a post (SPEC.md section 5). */
export const tipSchema = z
  .object({
    amount: amountField,
    currency: currencyField(TIP_CURRENCIES),
    txHash: txHashField,
    threadId: optionalIdField('Thread not found'),
    postId: optionalIdField('Post not found'),
    recipientAddress: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().trim().max(ADDRESS_MAX, 'Address is too long').optional()),
  })
  .refine((input) => input.threadId !== undefined || input.postId !== undefined, { message: 'A tip needs a threadId or a postId', path: ['threadId'] });
export type TipInput = z.input<typeof tipSchema>;
