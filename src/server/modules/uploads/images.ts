// Turns an untrusted upload into images we are willing to serve: the type is read from
// the bytes, the size is checked from the header before any pixel is decoded, and the
// picture is re-encoded so no metadata (EXIF, GPS, XMP, ICC, comments) survives.
import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_MAX_BYTES } from '../../../shared/constants.js';
import { HttpError } from '../../lib/errors.js';

export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const THUMBNAIL_SIDE = 320;

export const IMAGE_TOO_LARGE = 'Image must be less than 5MB';
export const IMAGE_TYPE_UNSUPPORTED = 'Image must be a JPEG, PNG, GIF or WebP file';
export const IMAGE_DIMENSIONS_TOO_LARGE = 'Image dimensions are too large';

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

/** Validates and re-encodes an upload; throws HttpError 413, 415 or 400. */
export async function processImage(data: Buffer): Promise<ProcessedImage> {
  if (data.length > IMAGE_MAX_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE);
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
    const [image, thumbnail] = await Promise.all([
      encode(load(data, { animated }, orient), type),
      load(data, { animated: false }, orient)
        .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer(),
    ]);
    return { image: { data: image, ...OUTPUT[type] }, thumbnail: { data: thumbnail, ...OUTPUT.webp } };
  } catch (error) {
    throw asClientError(error);
  }
}

/** Width and height refused before decoding: the header alone can promise a bomb. */
function checkDimensions(width: number | undefined, height: number | undefined, frames: number): void {
  if (!width || !height) throw new HttpError(415, IMAGE_TYPE_UNSUPPORTED);
  // Every frame of an animation is decoded, so they all count towards the pixel budget.
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height * frames > MAX_IMAGE_PIXELS) {
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
  const pipeline = sharp(data, { failOn: FAIL_ON, limitInputPixels: MAX_IMAGE_PIXELS, animated });
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
