import type { FastifyRequest } from 'fastify';
import { BadRequestError } from './errors.js';

export interface UploadedImage {
  data: Buffer;
  fileName: string;
}

interface Part {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  value?: unknown;
}

const isPart = (value: unknown): value is Part =>
  typeof value === 'object' && value !== null && 'type' in value && 'fieldname' in value;

/**
 * The fields of a JSON or multipart body as plain values, and the image if one came
 * (multipart field `image`; an empty file input counts as none).
 */
export function readForm(request: FastifyRequest): { fields: Record<string, unknown>; image: UploadedImage | undefined } {
  const body = request.body;
  if (!request.isMultipart()) {
    return { fields: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}, image: undefined };
  }
  const fields: Record<string, unknown> = {};
  let image: UploadedImage | undefined;
  for (const [name, entry] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    const part = Array.isArray(entry) ? entry[0] : entry;
    if (!isPart(part)) continue;
    if (part.type === 'field') {
      fields[name] = part.value;
      continue;
    }
    if (name !== 'image') throw new BadRequestError('Only the image field may carry a file');
    const data = part.value as Buffer;
    if (data.length === 0 && !part.filename) continue;
    image = { data, fileName: part.filename ?? 'image' };
  }
  return { fields, image };
}

export interface StoredImage {
  imageUrl: string;
  thumbnailUrl: string;
  imageName: string;
}

/**
 * A stored image path ('/uploads/<name>', what rows keep) as the URL clients get
 * (modules/uploads builds it from UPLOADS_PUBLIC_URL); serializers apply it.
 */
export type ImageUrlOf = (stored: string | null) => string | null;

/** Processes and stores an uploaded image (modules/uploads); what content services need of it. */
export type SaveImage = (image: UploadedImage) => Promise<StoredImage>;

/** The image columns of a thread or post row for an optional stored image. */
export function imageColumns(stored: StoredImage | undefined) {
  return { imageUrl: stored?.imageUrl ?? null, thumbnailUrl: stored?.thumbnailUrl ?? null, imageName: stored?.imageName ?? null };
}
