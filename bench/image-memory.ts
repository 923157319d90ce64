// `npm run bench:images [-- --images 40 --at-once 8]`: what a burst of large uploads does to
// the server's memory (issue 17: 40 large PNGs took RSS from 133 to 584 MB, and it stayed
// at ~535 MB). Runs the upload pipeline (processImage: header checks, re-encoding, the
// thumbnail) in this process on large PNGs drawn here, several at once as concurrent
// uploads would, and prints RSS idle, at the burst's peak and after it, and one animated
// GIF at the frame limit: its CPU time. RSS belongs here, never in a test.
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { IMAGE_MAX_FRAMES } from '../src/shared/constants.js';
import { processImage } from '../src/server/modules/uploads/images.js';

const { values } = parseArgs({
  options: {
    images: { type: 'string', default: '40' },
    'at-once': { type: 'string', default: '8' },
    side: { type: 'string', default: '6000' },
    'settle-seconds': { type: 'string', default: '10' },
  },
});
const [count, atOnce, side, settleSeconds] = [values.images, values['at-once'], values.side, values['settle-seconds']].map(Number) as [number, number, number, number];

const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A large PNG that compresses well (so it fits in the upload limit) but decodes to side x side x 3 bytes; each one different. */
async function largePng(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++) {
    const row = y * side * 3;
    for (let x = 0; x < side; x++) {
      const at = row + x * 3;
      raw[at] = ((x >> 5) + seed) & 255;
      raw[at + 1] = ((y >> 5) * 7) & 255;
      raw[at + 2] = ((x >> 6) ^ (y >> 6) ^ seed) & 255;
    }
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 9 }).toBuffer();
}

/** An animation of distinct frames: encoding each one (quantising, dithering) is what costs. */
async function animatedGif(frames: number, width: number, height: number): Promise<Buffer> {
  const raw = await sharp({ create: { width, height: height * frames, channels: 3, background: '#369', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .raw()
    .toBuffer();
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } }).gif({ loop: 0 }).toBuffer();
}

async function main() {
  // Idle: the pipeline loaded and used once on a small image, as a server that has served one upload.
  await processImage(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#246' } }).png().toBuffer());
  const files: Buffer[] = [];
  for (let i = 0; i < Math.min(count, 8); i++) files.push(await largePng(i));
  global.gc?.();
  await sleep(1000);
  const idle = rssMb();
  console.log(`sharp: concurrency ${sharp.concurrency()}, cache ${JSON.stringify(sharp.cache())}`);
  console.log(`${count} PNGs of ${side}x${side} (${(files[0]!.length / 1048576).toFixed(1)} MB each), ${atOnce} at once`);
  console.log(`idle rss ${idle} MB`);

  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (let next = 0; next < count; next += atOnce) {
    await Promise.all(Array.from({ length: Math.min(atOnce, count - next) }, (_, i) => processImage(files[(next + i) % files.length]!)));
  }
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  console.log(`burst: ${Math.round(performance.now() - started)} ms, cpu ${Math.round((cpu.user + cpu.system) / 1000)} ms, peak rss ${peak} MB, rss at its end ${rssMb()} MB`);
  for (let s = 1; s <= settleSeconds; s++) {
    await sleep(1000);
    if (s === 1 || s === settleSeconds) global.gc?.();
    if (s === 1 || s % 5 === 0 || s === settleSeconds) console.log(`  ${s} s after: rss ${rssMb()} MB`);
  }
  const after = rssMb();
  const { heapUsed, external } = process.memoryUsage();
  console.log(`rss after the burst - idle: ${after - idle} MB (target: within 100 MB); of it JS heap ${Math.round(heapUsed / 1048576)} MB, external ${Math.round(external / 1048576)} MB`);

  const gif = await animatedGif(IMAGE_MAX_FRAMES, 24, 24);
  const gifCpu = process.cpuUsage();
  await processImage(gif);
  const used = process.cpuUsage(gifCpu);
  console.log(`a ${IMAGE_MAX_FRAMES}-frame GIF (24x24, distinct frames): cpu ${Math.round((used.user + used.system) / 1000)} ms`);
}

await main();
