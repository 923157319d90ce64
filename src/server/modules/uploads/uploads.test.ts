import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FRAMES, IMAGE_MAX_PIXELS } from '../../../shared/constants.js';
import { webAppPlugin } from '../../plugins/web-app.js';
import { testConfig } from '../../test/app.js';
import { IMAGE_DIMENSIONS_TOO_LARGE, IMAGE_TOO_LARGE, IMAGE_TOO_MANY_FRAMES, IMAGE_TYPE_UNSUPPORTED, processImage } from './images.js';
import { uploadsPlugin } from './plugin.js';
import { cleanFileName, createUploadService } from './service.js';
import { createLocalStorage } from './storage.js';

// Fixtures are drawn with sharp here: no binary files to trust or keep up to date.

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
}

function noise(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } });
}

/** Three 40x30 frames of different colours, stacked as sharp's animated images are. */
async function animatedGif(): Promise<Buffer> {
  const colours = ['#e00', '#0e0', '#00e'];
  const strip = await sharp({ create: { width: 40, height: 90, channels: 3, background: '#000' } })
    .composite(colours.map((background, i) => ({ input: { create: { width: 40, height: 30, channels: 3, background } }, top: i * 30, left: 0 })))
    .removeAlpha()
    .raw()
    .toBuffer();
  return sharp(strip, { raw: { width: 40, height: 90, channels: 3, pageHeight: 30 } }).gif({ loop: 0, delay: [100, 100, 100] }).toBuffer();
}

/**
 * An animation of `frames` black-and-white frames, each the binary number of its index (so
 * no two are alike and the encoder merges none), the pixels past the first 16 grey.
 */
function distinctFrames(frames: number, width: number, height: number) {
  const raw = Buffer.alloc(width * height * frames * 3, 128);
  for (let frame = 0; frame < frames; frame++) {
    for (let bit = 0; bit < Math.min(16, width * height); bit++) raw.fill((frame >> bit) & 1 ? 255 : 0, (frame * width * height + bit) * 3, (frame * width * height + bit + 1) * 3);
  }
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } });
}

function pngChunk(type: string, body: Buffer): Buffer {
  const typeAndBody = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndBody));
  return Buffer.concat([length, typeAndBody, crc]);
}

/** A tiny valid PNG whose header claims another size: what a decompression bomb looks like. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(8, 8).png().toBuffer());
  // IHDR is the first chunk: 8 signature bytes, length, 'IHDR', width, height, ...
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** Inserts a tEXt chunk before IEND (the last 12 bytes). */
function withPngText(png: Buffer, text: Buffer): Buffer {
  const chunk = pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), text]));
  return Buffer.concat([png.subarray(0, png.length - 12), chunk, png.subarray(png.length - 12)]);
}

const GPS_EXIF = {
  IFD0: { Make: 'SecretCam', Model: 'Spy 3000', Artist: 'Jane Doe' },
  // IFD3 is the GPS directory for libvips: 48°51'29.59"N 2°17'40.21"E.
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2959/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4021/100' },
};

/** The rational 2959/100 as EXIF stores it (little-endian, as libvips writes it). */
function rationalBytes(numerator: number, denominator: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeUInt32LE(numerator, 0);
  bytes.writeUInt32LE(denominator, 4);
  return bytes;
}

let dir: string;
let app: FastifyInstance;
const storage = () => createLocalStorage(path.join(dir, 'uploads'));
const service = () => createUploadService(storage());

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-uploads-'));
  app = Fastify();
  await app.register(uploadsPlugin, { storage: storage() });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function fetchUpload(url: string) {
  const response = await app.inject({ method: 'GET', url });
  return { response, body: response.rawPayload };
}

describe('processImage and the upload service', () => {
  it('strips EXIF and GPS from a JPEG, and serves the clean bytes', async () => {
    const original = await solid(64, 48).jpeg().withExif(GPS_EXIF).toBuffer();
    const gpsSeconds = rationalBytes(2959, 100);
    // The fixture really carries what we mean to remove.
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes('SecretCam')).toBe(true);
    expect(original.includes(gpsSeconds)).toBe(true);

    const saved = await service().saveImage({ data: original, fileName: 'holiday.jpg' });
    expect(saved).toEqual({
      imageUrl: expect.stringMatching(/^\/uploads\/[0-9a-f]{64}\.jpg$/),
      thumbnailUrl: expect.stringMatching(/^\/uploads\/[0-9a-f]{64}-thumb\.webp$/),
      imageName: 'holiday.jpg',
    });

    const { response, body } = await fetchUpload(saved.imageUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(body).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    for (const secret of ['Exif', 'SecretCam', 'Spy 3000', 'Jane Doe']) expect(body.includes(secret)).toBe(false);
    expect(body.includes(gpsSeconds)).toBe(false);
    expect(body.includes(rationalBytes(4021, 100))).toBe(false);
  });

  it('turns a photo upright from its EXIF orientation before dropping the tag', async () => {
    const sideways = await solid(64, 48).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { image } = await processImage(sideways);
    const metadata = await sharp(image.data).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([48, 64, undefined]);
  });

  it('round-trips PNG, WebP and animated GIF with a WebP thumbnail of at most 320px', async () => {
    const png = withPngText(await noise(600, 400, 4).png().toBuffer(), Buffer.from('secret-comment'));
    const webp = await noise(1000, 300).webp().withExif(GPS_EXIF).toBuffer();
    const gif = await animatedGif();
    const cases = [
      { data: png, ext: 'png', contentType: 'image/png', size: [600, 400], thumb: [320, 213] },
      { data: webp, ext: 'webp', contentType: 'image/webp', size: [1000, 300], thumb: [320, 96] },
      { data: gif, ext: 'gif', contentType: 'image/gif', size: [40, 30], thumb: [40, 30] },
    ];
    for (const { data, ext, contentType, size, thumb } of cases) {
      const saved = await service().saveImage({ data, fileName: `picture.${ext}` });
      expect(saved.imageUrl.endsWith(`.${ext}`)).toBe(true);

      const { response, body } = await fetchUpload(saved.imageUrl);
      expect(response.headers['content-type']).toBe(contentType);
      const metadata = await sharp(body).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([ext, ...size]);
      expect(metadata.exif).toBeUndefined();
      expect(body.includes('secret-comment')).toBe(false);

      const thumbnail = await fetchUpload(saved.thumbnailUrl);
      expect(thumbnail.response.headers['content-type']).toBe('image/webp');
      const thumbMeta = await sharp(thumbnail.body).metadata();
      expect([thumbMeta.format, thumbMeta.width, thumbMeta.height, thumbMeta.pages]).toEqual(['webp', ...thumb, undefined]);
      expect(thumbMeta.exif).toBeUndefined();
    }
  });

  it('keeps every frame of an animated GIF or WebP', async () => {
    const gif = await animatedGif();
    // Orientation cannot be applied to an animation; it must not make the upload fail.
    const webp = await sharp(gif, { animated: true }).webp().withMetadata({ orientation: 6 }).toBuffer();
    expect(await sharp(webp).metadata()).toMatchObject({ pages: 3, orientation: 6 });
    for (const [format, data] of [['gif', gif], ['webp', webp]] as const) {
      const { image } = await processImage(data);
      const metadata = await sharp(image.data).metadata();
      expect(metadata).toMatchObject({ format, pages: 3, delay: [100, 100, 100], loop: 0 });
      expect(metadata.orientation).toBeUndefined();
      // Each frame keeps its own colour.
      const frames = await sharp(image.data, { animated: true }).raw().toBuffer({ resolveWithObject: true });
      const pixel = (frame: number) => [...frames.data.subarray(frame * 40 * 30 * frames.info.channels).subarray(0, 3)];
      expect(pixel(0)[0]).toBeGreaterThan(200);
      expect(pixel(1)[1]).toBeGreaterThan(200);
      expect(pixel(2)[2]).toBeGreaterThan(200);
    }
  });

  it('detects the type by content: text, SVG, TIFF and random bytes are 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const inputs = [
      Buffer.from('hello'),
      svg,
      await solid(10, 10).tiff().toBuffer(),
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)),
      Buffer.alloc(0),
      // The right magic bytes followed by nothing sensible.
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('not a jpeg at all')]),
    ];
    for (const data of inputs) {
      await expect(service().saveImage({ data, fileName: 'innocent.png' })).rejects.toMatchObject({
        statusCode: 415,
        message: IMAGE_TYPE_UNSUPPORTED,
      });
    }
  });

  it('answers a truncated JPEG or PNG with a 4xx, not a 500', async () => {
    const jpeg = await noise(200, 200).jpeg().toBuffer();
    const png = await noise(200, 200).png().toBuffer();
    for (const whole of [jpeg, png]) {
      const error = await processImage(whole.subarray(0, Math.floor(whole.length / 2))).catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 415, message: IMAGE_TYPE_UNSUPPORTED });
    }
  });

  it('accepts exactly 5MB and refuses one byte more with 413', async () => {
    // Noise does not compress, so a level-0 PNG is nearly its raw size; a tEXt chunk
    // then pads it to the exact limit.
    const png = await noise(1200, 1450).png({ compressionLevel: 0 }).toBuffer();
    const padding = IMAGE_MAX_BYTES - png.length - 12 - 'Comment\0'.length;
    expect(padding).toBeGreaterThan(0);
    const atLimit = withPngText(png, Buffer.alloc(padding, 'a'));
    expect(atLimit.length).toBe(IMAGE_MAX_BYTES);

    const { image } = await processImage(atLimit);
    expect((await sharp(image.data).metadata()).width).toBe(1200);

    const over = Buffer.concat([atLimit, Buffer.alloc(1)]);
    await expect(processImage(over)).rejects.toMatchObject({ statusCode: 413, message: IMAGE_TOO_LARGE });
  });

  it('refuses a decompression bomb from its header, quickly', async () => {
    for (const [width, height] of [
      [20_000, 20_000],
      [12_000, 100],
      [7_000, 7_000],
    ] as const) {
      const started = performance.now();
      await expect(processImage(await pngDeclaring(width, height))).rejects.toMatchObject({
        statusCode: 400,
        message: IMAGE_DIMENSIONS_TOO_LARGE,
      });
      expect(performance.now() - started).toBeLessThan(500);
    }
    // A real (cheap, all one colour) 12000x100 image is refused the same way.
    const wide = await solid(12_000, 100).png().toBuffer();
    await expect(processImage(wide)).rejects.toMatchObject({ statusCode: 400, message: IMAGE_DIMENSIONS_TOO_LARGE });
  });

  it(`refuses an animation of more than ${IMAGE_MAX_FRAMES} frames from its header (400), GIF or WebP, and takes one at the limit`, async () => {
    for (const encode of [(image: Sharp) => image.gif({ loop: 0 }), (image: Sharp) => image.webp({ loop: 0, lossless: true })]) {
      const over = await encode(distinctFrames(IMAGE_MAX_FRAMES + 1, 8, 8)).toBuffer();
      expect((await sharp(over).metadata()).pages).toBe(IMAGE_MAX_FRAMES + 1);
      await expect(processImage(over)).rejects.toMatchObject({ statusCode: 400, message: IMAGE_TOO_MANY_FRAMES });
      const atLimit = await processImage(await encode(distinctFrames(IMAGE_MAX_FRAMES, 8, 8)).toBuffer());
      expect((await sharp(atLimit.image.data).metadata()).pages).toBe(IMAGE_MAX_FRAMES);
    }
  });

  it('counts every frame towards the pixel budget', async () => {
    // 100 frames of 640x640 are 41 megapixels: each frame alone would pass.
    const side = 640;
    expect(100 * side * side).toBeGreaterThan(IMAGE_MAX_PIXELS);
    const gif = await distinctFrames(100, side, side).gif({ loop: 0 }).toBuffer();
    await expect(processImage(gif)).rejects.toMatchObject({ statusCode: 400, message: IMAGE_DIMENSIONS_TOO_LARGE });
  });

  it('names files by content: the same image twice is one URL, written once', async () => {
    const uploads = path.join(dir, 'dedupe');
    const dedupe = createUploadService(createLocalStorage(uploads));
    const data = await solid(30, 30).png().toBuffer();
    const first = await dedupe.saveImage({ data, fileName: 'a.png' });
    const written = statSync(path.join(uploads, path.basename(first.imageUrl))).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await dedupe.saveImage({ data, fileName: 'b.png' });

    expect(second.imageUrl).toBe(first.imageUrl);
    expect(second.thumbnailUrl).toBe(first.thumbnailUrl);
    expect(second.imageName).toBe('b.png');
    expect(readdirSync(uploads).sort()).toEqual([path.basename(first.thumbnailUrl), path.basename(first.imageUrl)].sort());
    expect(statSync(path.join(uploads, path.basename(first.imageUrl))).mtimeMs).toBe(written);
  });

  it('refuses storage names that are not ours', async () => {
    for (const name of ['../escape.png', 'a/b.png', '.hidden.png', 'noext']) {
      await expect(storage().put(name, Buffer.from('x'))).rejects.toThrow('Invalid storage name');
    }
  });
});

describe('cleanFileName', () => {
  it('keeps only a safe base name for display', () => {
    expect(cleanFileName('../../etc/passwd.png')).toBe('passwd.png');
    expect(cleanFileName('C:\\Users\\jane\\Pictures\\me.jpg')).toBe('me.jpg');
    expect(cleanFileName('bad\u0000na\u0007me\u001b.png')).toBe('badname.png');
    expect(cleanFileName('a<b>c:d"e|f?g*h.gif')).toBe('abcdefgh.gif');
    expect(cleanFileName('  my \t\n holiday   photo.jpg ')).toBe('my holiday photo.jpg');
    expect(cleanFileName('cat\u202egpj.exe')).toBe('catgpj.exe');
    expect(cleanFileName('café 😀.webp')).toBe('café 😀.webp');
    for (const empty of [undefined, '', '   ', '..', 'dir/', '<>']) expect(cleanFileName(empty)).toBe('image');

    const long = cleanFileName(`${'x'.repeat(300)}.jpeg`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('x.jpeg')).toBe(true);
    expect([...cleanFileName('😀'.repeat(300))]).toHaveLength(255);
  });
});

describe('uploadsPlugin', () => {
  it('serves uploads with immutable caching and nosniff', async () => {
    const saved = await service().saveImage({ data: await solid(20, 20).png().toBuffer(), fileName: 'x.png' });
    const { response } = await fetchUpload(saved.imageUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the default image with a one-day cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/uploads/default-image.jpg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 450 });
  });

  it('answers 404 for a missing upload, even beside the web app', async () => {
    // The web app answers unknown paths without an extension with index.html: not under /uploads/.
    const webRoot = path.join(dir, 'web');
    const uploadsDir = path.join(dir, 'with-web');
    mkdirSync(webRoot, { recursive: true });
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>app</title></head><body>app-shell</body></html>');
    writeFileSync(path.join(dir, 'uploads', '.half-written.png.tmp'), 'x');
    const full = Fastify();
    // The web app signs its pages' nonces with the secret (modules/pages).
    full.decorate('config', testConfig());
    // No sessions here: every page is a visitor's.
    full.decorateRequest('loadUser', async () => null);
    await full.register(uploadsPlugin, { storage: createLocalStorage(uploadsDir) });
    await full.register(webAppPlugin, { root: webRoot });
    try {
      for (const url of ['/uploads/nothing.png', '/uploads/nothing', '/uploads/a/b/c', '/uploads/', '/uploads', '/uploads/..%2f..%2fpackage.json']) {
        const response = await full.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('app-shell');
      }
      expect((await full.inject({ method: 'GET', url: '/somewhere' })).body).toContain('app-shell');
    } finally {
      await full.close();
    }
    // Temporary files (dot files) are never served.
    expect((await app.inject({ method: 'GET', url: '/uploads/.half-written.png.tmp' })).statusCode).toBe(404);
  });
});
