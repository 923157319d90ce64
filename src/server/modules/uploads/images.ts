// Turns an untrusted upload into images we are willing to serve: the type is read from
// the bytes, the size and frame count are checked from the header before any pixel is
// decoded, and the picture is re-encoded so no metadata (EXIF, GPS, XMP, ICC, comments)
// survives.
import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FRAMES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '../../../shared/constants.js';
import { IMAGE_DIMENSIONS_TOO_LARGE, IMAGE_TOO_LARGE, IMAGE_TOO_MANY_FRAMES, IMAGE_TYPE_UNSUPPORTED } from '../../../shared/schemas/images.js';
import { HttpError } from '../../lib/errors.js';

export { IMAGE_DIMENSIONS_TOO_LARGE, IMAGE_TOO_LARGE, IMAGE_TOO_MANY_FRAMES, IMAGE_TYPE_UNSUPPORTED };
export const THUMBNAIL_SIDE = 320;

/**
 * Memory after a burst of large uploads (issue 17: 40 large PNGs took RSS from 133 to
 * 584 MB, and it stayed at ~535). libvips' operation cache keeps recent images for reuse,
 * which uploads never get (each is new): off. One libvips thread per image (sharp's
 * default on glibc, said here for every platform), the image and its thumbnail one after
 * the other, and at most IMAGES_AT_ONCE images in the pipeline at a time: sharp runs on
 * libuv's pool of four threads, which password hashing and file reads share, and every
 * image in flight holds its decoded pixels. bench/image-memory.ts measures it: 40 PNGs of
 * 6000x6000, 8 at once, left RSS +186-221 MB over idle before, +119-170 MB now (peak
 * 451-467 -> 334-368 MB). What still stays is glibc's: its dynamic mmap threshold, once
 * raised by libvips' large buffers, keeps later ones on heaps it does not give back;
 * MALLOC_MMAP_THRESHOLD_=131072 in the environment the process starts with leaves +4 MB.
 */
sharp.cache(false);
sharp.concurrency(1);
const IMAGES_AT_ONCE = 2;

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

export interface EncodedImage {
  data: Buffer;
  ext: 'jpg' | 'png' | 'gif' | 'webp';
  contentType: string;
}

export interface ProcessedImage {
  image: EncodedImage;
  thumbnail: EncodedImage;
}

const OUTPUT: Record<ImageType, Pick<EncodedImage, 'ext' | 'contentType'>> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  gif: { ext: 'gif', contentType: 'image/gif' },
  webp: { ext: 'webp', contentType: 'image/webp' },
};

/**
 * The type from the file's magic bytes. Checked before sharp sees the data, so
 * libvips never runs its SVG, PDF, HEIF, TIFF or ImageMagick loaders on an upload.
 */
export function sniffImageType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const gif = data.toString('latin1', 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  if (data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * 'error' refuses truncated and corrupt data but tolerates the harmless warnings
 * (an extra byte after the end marker) that real cameras and editors produce.
 */
const FAIL_ON = 'error' as const;

let imagesInFlight = 0;
const waiting: (() => void)[] = [];

/** Runs `work` once fewer than IMAGES_AT_ONCE images are being processed, in arrival order. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (imagesInFlight >= IMAGES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else imagesInFlight++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next image waiting, or is given back.
    const next = waiting.shift();
    if (next) next();
    else imagesInFlight--;
  }
}

/** Validates and re-encodes an upload; throws HttpError 413, 415 or 400. */
export function processImage(data: Buffer): Promise<ProcessedImage> {
  if (data.length > IMAGE_MAX_BYTES) return Promise.reject(new HttpError(413, IMAGE_TOO_LARGE));
  return inTurn(() => validateAndEncode(data));
}

async function validateAndEncode(data: Buffer): Promise<ProcessedImage> {
  const type = sniffImageType(data);
  if (!type) throw new HttpError(415, IMAGE_TYPE_UNSUPPORTED);

  const metadata = await readHeader(data);
  // The loader must agree with the magic bytes (a JPEG signature on something else).
  if (metadata.format !== type) throw new HttpError(415, IMAGE_TYPE_UNSUPPORTED);
  const frames = type === 'gif' || type === 'webp' ? Math.max(1, metadata.pages ?? 1) : 1;
  checkDimensions(metadata.width, metadata.height, frames);

  const animated = frames > 1;
  // Only a still image can be turned upright; libvips cannot rotate multi-page images.
  const orient = !animated && (metadata.orientation ?? 1) > 1;
  try {
    // One after the other: an image in flight then holds one libuv thread and one decode, not two.
    const image = await encode(load(data, { animated }, orient), type);
    const thumbnail = await load(data, { animated: false }, orient)
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { image: { data: image, ...OUTPUT[type] }, thumbnail: { data: thumbnail, ...OUTPUT.webp } };
  } catch (error) {
    throw asClientError(error);
  }
}

/** Size and frames refused before decoding: the header alone can promise a bomb. */
function checkDimensions(width: number | undefined, height: number | undefined, frames: number): void {
  if (!width || !height) throw new HttpError(415, IMAGE_TYPE_UNSUPPORTED);
  // Each frame costs a palette and an encoding whatever its size: tiny frames by the thousand fit in 5 MB.
  if (frames > IMAGE_MAX_FRAMES) throw new HttpError(400, IMAGE_TOO_MANY_FRAMES);
  // Every frame of an animation is decoded, so they all count towards the pixel budget.
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height * frames > IMAGE_MAX_PIXELS) {
    throw new HttpError(400, IMAGE_DIMENSIONS_TOO_LARGE);
  }
}

async function readHeader(data: Buffer): Promise<Metadata> {
  try {
    return await sharp(data, { failOn: FAIL_ON, limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, IMAGE_TYPE_UNSUPPORTED);
  }
}

function load(data: Buffer, { animated }: { animated: boolean }, orient: boolean): Sharp {
  // limitInputPixels is a backstop: checkDimensions has already refused anything larger.
  const pipeline = sharp(data, { failOn: FAIL_ON, limitInputPixels: IMAGE_MAX_PIXELS, animated });
  return orient ? pipeline.autoOrient() : pipeline;
}

/** sharp's default output keeps no metadata; the orientation was applied to the pixels. */
function encode(pipeline: Sharp, type: ImageType): Promise<Buffer> {
  switch (type) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    case 'png':
      return pipeline.png().toBuffer();
    case 'gif':
      return pipeline.gif().toBuffer();
    case 'webp':
      return pipeline.webp({ quality: 82 }).toBuffer();
  }
}

/** A file sharp cannot decode is the uploader's problem (4xx), not a server error. */
function asClientError(error: unknown): HttpError {
  const message = error instanceof Error ? error.message : '';
  const clientError = /pixel limit/i.test(message)
    ? new HttpError(400, IMAGE_DIMENSIONS_TOO_LARGE)
    : new HttpError(415, IMAGE_TYPE_UNSUPPORTED);
  clientError.cause = error;
  return clientError;
}
