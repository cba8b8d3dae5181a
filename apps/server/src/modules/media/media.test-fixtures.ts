import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import type { App } from '../../app.ts';
import { media } from '../../db/schema/media.ts';

const solid = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

export const jpegBytes = (width = 64, height = 48) => solid(width, height, '#2e86c1').jpeg().toBuffer();
export const webpBytes = (width = 64, height = 48) => solid(width, height, '#27ae60').webp().toBuffer();

/** A three-frame animated GIF (red, green, blue). */
export async function animatedGifBytes(width = 60, height = 40): Promise<Buffer> {
  const frames = await Promise.all(
    ['#ff0000', '#00ff00', '#0000ff'].map((c) => solid(width, height, c).png().toBuffer()),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: [100, 100, 100], loop: 0 })
    .toBuffer();
}

/** An animated GIF of `count` frames (tiny 4×4 ones by default: a few kB that would take minutes to re-encode). */
export async function manyFramesGifBytes(count: number, width = 4, height = 4): Promise<Buffer> {
  const frames = await Promise.all(
    ['#ff0000', '#0000ff'].map((c) => solid(width, height, c).png().toBuffer()),
  );
  return sharp(
    Array.from({ length: count }, (_, i) => frames[i % 2]!),
    { join: { animated: true } },
  )
    .gif({ loop: 0 })
    .toBuffer();
}

/** An 80×40 JPEG whose EXIF says "rotate 90°" and carries a copyright and a GPS position. */
export const exifJpegBytes = () =>
  solid(80, 40, '#8e44ad')
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: 'secret-owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();

/** A tiny PNG whose header claims 20000×20000 pixels: a decompression bomb in 80 bytes. */
export async function forgedHugePng(): Promise<Buffer> {
  const bytes = Buffer.from(await solid(16, 16, '#ffffff').png().toBuffer());
  bytes.writeUInt32BE(20000, 16);
  bytes.writeUInt32BE(20000, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

/** A real 10000×8000 blank PNG (80 megapixels) that compresses to a few hundred kB. */
export const blankHugePng = () => solid(10000, 8000, '#ffffff').png({ compressionLevel: 9 }).toBuffer();

/** Random noise stored uncompressed: a genuine PNG of about width×height×3 bytes. */
export const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

export async function mediaRowCount(app: App): Promise<number> {
  const [row] = await app.deps.db.select({ n: count() }).from(media);
  return row!.n;
}
