import { z } from 'zod';
import {
  DEFAULT_ACCESS_PRICE,
  PREMIUM_CURRENCIES,
  THREAD_CONTENT_MAX,
  THREAD_CONTENT_MIN,
  THREAD_SORTS,
  THREAD_TITLE_MAX,
  THREAD_TITLE_MIN,
  THREADS_PER_PAGE,
  THREADS_PER_PAGE_MAX,
} from '../constants.js';
import { booleanField, idField } from './fields.js';
import { pollField } from './polls.js';

const text = (requiredMessage: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : 'Invalid input') });

/** A decimal amount as a string, at most 8 decimals (numeric(18, 8)). */
const accessPrice = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? DEFAULT_ACCESS_PRICE : String(value).trim()),
  z.string().regex(/^\d{1,10}(\.\d{1,8})?$/, 'Price must be a number of at most 8 decimals, 0 or more'),
);

/** POST /api/threads (JSON or multipart) and the New Thread form (SPEC.md section 5). */
export const createThreadSchema = z.object({
  boardId: idField('Please select a board'),
  title: text('Title must be at least 3 characters')
    .trim()
    .min(THREAD_TITLE_MIN, 'Title must be at least 3 characters')
    .max(THREAD_TITLE_MAX, 'Title must be less than 100 characters'),
  content: text('Content must be at least 5 characters')
    .trim()
    .min(THREAD_CONTENT_MIN, 'Content must be at least 5 characters')
    .max(THREAD_CONTENT_MAX, 'Content must be less than 20000 characters'),
  isAnonymous: booleanField(true),
  isPremium: booleanField(false),
  accessPrice,
  accessCurrency: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 'ETH' : value),
    z.enum(PREMIUM_CURRENCIES, { error: 'Currency must be ETH, MATIC, USDT or USDC' }),
  ),
  premiumContent: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().trim().max(THREAD_CONTENT_MAX, 'Premium content must be less than 20000 characters').optional(),
  ),
  poll: pollField,
})
  // A premium thread must cost something; checked on the digits, never as a float.
  .refine((thread) => !thread.isPremium || /[1-9]/.test(thread.accessPrice), {
    path: ['accessPrice'],
    message: 'Price must be greater than 0',
  });
export type CreateThreadInput = z.input<typeof createThreadSchema>;

/** GET /api/boards/{code}/threads query. */
export const threadListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').default(1),
  limit: z.coerce
    .number({ error: `limit must be from 1 to ${THREADS_PER_PAGE_MAX}` })
    .int(`limit must be from 1 to ${THREADS_PER_PAGE_MAX}`)
    .min(1, `limit must be from 1 to ${THREADS_PER_PAGE_MAX}`)
    .max(THREADS_PER_PAGE_MAX, `limit must be from 1 to ${THREADS_PER_PAGE_MAX}`)
    .default(THREADS_PER_PAGE),
  sort: z.enum(THREAD_SORTS, { error: 'sort must be newest, activity or popular' }).default('activity'),
});
