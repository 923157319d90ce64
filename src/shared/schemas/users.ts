import { z } from 'zod';
import { BIO_MAX } from '../constants.js';
import { usernameSchema } from './auth.js';

/** PATCH /api/users/{id} and the profile edit form: username (SPEC.md section 5) and bio. */
export const updateProfileSchema = z
  .object({
    username: usernameSchema.optional(),
    bio: z
      .string({ error: 'Bio must be text' })
      .trim()
      .max(BIO_MAX, 'Bio must be less than 500 characters')
      .nullish()
      .transform((bio) => (bio ? bio : null)),
  })
  .refine((body) => body.username !== undefined || body.bio !== undefined, { message: 'Nothing to update', path: ['username'] });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** ?page= of the profile lists: 1 and up. */
export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').default(1),
});
