import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../shared/constants.js';

/** The optional image of a thread or reply form (SPEC.md section 5): one image file, at most 5 MB. */
export const imageField = z
  .custom<File | undefined>((value) => value === undefined || value instanceof File)
  .refine((file) => !file || file.size <= IMAGE_MAX_BYTES, 'Image must be less than 5MB')
  .refine((file) => !file || file.type.startsWith('image/'), 'Only image files are allowed');
