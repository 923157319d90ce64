import { createHash } from 'node:crypto';
import type { ImageUrlOf } from '../../lib/form.js';
import { processImage } from './images.js';
import type { ImageStorage } from './storage.js';

/**
 * Where the uploads plugin serves stored files. Rows keep an image as this prefix and
 * its stored name ('/uploads/<hash>.jpg'), whichever storage holds it and wherever
 * clients fetch it from, so moving to a bucket or a CDN needs no data migration.
 */
export const UPLOADS_URL_PREFIX = '/uploads/';

/**
 * The one place an image URL is built for clients: the stored path as it is, or with
 * UPLOADS_PUBLIC_URL (no trailing slash) in place of '/uploads'. Anything that is not
 * an upload's path (null, another URL) is passed through.
 */
export function createImageUrlOf(publicUrl: string | undefined): ImageUrlOf {
  if (publicUrl === undefined) return (stored) => stored;
  const base = `${publicUrl}/`;
  return (stored) => (stored !== null && stored.startsWith(UPLOADS_URL_PREFIX) ? base + stored.slice(UPLOADS_URL_PREFIX.length) : stored);
}
const NAME_MAX = 255;
const FALLBACK_NAME = 'image';

export interface SavedImage {
  imageUrl: string;
  thumbnailUrl: string;
  /** The uploader's file name, cleaned for display. */
  imageName: string;
}

export function createUploadService(storage: Pick<ImageStorage, 'put'>, publicUrl?: string) {
  return {
    /** A stored image path as clients get it (createImageUrlOf). */
    imageUrlOf: createImageUrlOf(publicUrl),
    /**
     * Validates, re-encodes and stores an upload with its thumbnail. Files are named
     * by the hash of the re-encoded bytes: the same picture twice is stored once, and
     * a URL's content never changes, so it may be cached forever.
     */
    async saveImage({ data, fileName }: { data: Buffer; fileName: string | undefined }): Promise<SavedImage> {
      const { image, thumbnail } = await processImage(data);
      const hash = createHash('sha256').update(image.data).digest('hex');
      const imageFile = `${hash}.${image.ext}`;
      const thumbnailFile = `${hash}-thumb.${thumbnail.ext}`;
      // The thumbnail first: once the image exists, everything it links to exists too.
      await storage.put(thumbnailFile, thumbnail.data);
      await storage.put(imageFile, image.data);
      return {
        imageUrl: UPLOADS_URL_PREFIX + imageFile,
        thumbnailUrl: UPLOADS_URL_PREFIX + thumbnailFile,
        imageName: cleanFileName(fileName),
      };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;

// C0/C1 controls and the bidi controls that can disguise a name ("gpj.exe" shown as "exe.jpg").
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"/\\|?*]/g;

/**
 * The name shown next to an image: the last path part only (a browser may send
 * C:\Users\jane\... and that path is private), without control or reserved
 * characters, whitespace collapsed, at most 255 characters keeping the extension.
 */
export function cleanFileName(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(UNSAFE_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) return FALLBACK_NAME;
  return truncate(cleaned, NAME_MAX);
}

/** Cuts by code point (never half an emoji), keeping a short extension at the end. */
function truncate(name: string, max: number): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? [...name.slice(dot)] : [];
  const keep = ext.length > 0 && ext.length <= 10 ? ext : [];
  return chars.slice(0, max - keep.length).join('').trimEnd() + keep.join('');
}
