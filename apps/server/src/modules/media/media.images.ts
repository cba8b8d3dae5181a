import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  MAX_ANIMATION_FRAMES,
  MAX_ANIMATION_PIXELS,
  MAX_IMAGE_PIXELS,
  MEDIA_BOXES,
  type MediaPurpose,
} from '@brushline/shared/media/constants';
import { animationTooLargeMessage, tooManyFramesMessage } from '@brushline/shared/media/messages';
import { messages } from '@brushline/shared/messages';
import { AppError } from '../../platform/errors.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/**
 * The format the bytes really are, from their magic numbers; the file name and the declared
 * content type are the sender's word and are never trusted.
 */
export function detectImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  const head6 = bytes.subarray(0, 6).toString('latin1');
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface EncodedImage {
  mime: 'image/jpeg' | 'image/webp';
  ext: 'jpg' | 'webp';
  full: Buffer;
  miniature: Buffer;
  /** Size of the full variant (one frame, for animations). */
  width: number;
  height: number;
}

const notAnImage = () => new AppError(400, 'not_an_image', messages.notAnImage);
const tooManyPixels = () => new AppError(400, 'image_too_large', messages.imageTooLarge);
const isPixelLimitError = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/** An upload whose headers passed every check, with what re-encoding it will cost. */
export interface InspectedImage {
  bytes: Buffer;
  purpose: MediaPurpose;
  format: ImageFormat;
  animated: boolean;
  /**
   * Pixels the re-encoding touches: frames × the larger of a decoded frame and a stored one (a
   * fixed box like a banner enlarges small frames). The image pool schedules by it.
   */
  workPixels: number;
}

/**
 * Reads an upload's headers (cheap: no pixel is decoded) and refuses what must not be decoded:
 * not an image, a decompression bomb, too many frames, or an animation over the CPU budget.
 */
export async function inspectImage(bytes: Buffer, purpose: MediaPurpose): Promise<InspectedImage> {
  const format = detectImageFormat(bytes);
  if (!format) throw notAnImage();
  const mayAnimate = format === 'gif' || format === 'webp';

  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: mayAnimate }).metadata();
  } catch (err) {
    throw isPixelLimitError(err) ? tooManyPixels() : notAnImage();
  }
  // The magic said one thing; the decoder must agree (a PNG header glued on a TIFF is refused).
  if (meta.format !== format || !meta.width || !meta.height) throw notAnImage();
  // With `animated`, height is every frame stacked: the guard counts all frames a bomb could hold.
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw tooManyPixels();
  const frames = mayAnimate ? (meta.pages ?? 1) : 1;
  const animated = frames > 1;
  if (animated && frames > MAX_ANIMATION_FRAMES) {
    throw new AppError(400, 'too_many_frames', tooManyFramesMessage);
  }
  const box = MEDIA_BOXES[purpose];
  const framePixels = (meta.width * meta.height) / frames;
  const storedFramePixels = box.fit === 'cover' ? box.width * box.height : 0;
  const workPixels = frames * Math.max(framePixels, storedFramePixels);
  if (animated && workPixels > MAX_ANIMATION_PIXELS) {
    throw new AppError(400, 'animation_too_large', animationTooLargeMessage);
  }
  return { bytes, purpose, format, animated, workPixels };
}

/**
 * Decodes and re-encodes an inspected upload for its purpose. Re-encoding is the point: it drops
 * every metadata block (EXIF, GPS, XMP, comments, ICC after conversion to sRGB) and anything hidden
 * after the image data, so the stored file is only pixels we produced.
 *
 * Output formats: JPEG stays JPEG (mozjpeg, quality 82) because photos compress best that way;
 * PNG, WebP and GIF become WebP, which keeps transparency and, for GIFs and animated WebPs, the
 * animation, at a fraction of the size. Both variants share one format, so one stored mime
 * serves both.
 */
export async function encodeInspected(image: InspectedImage): Promise<EncodedImage> {
  const { bytes, purpose, format, animated } = image;
  const box = MEDIA_BOXES[purpose];
  const input = (): Sharp => {
    const img = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated, failOn: 'error' });
    // EXIF orientation applied to the pixels (the EXIF itself is then dropped); animations carry none.
    return animated ? img : img.rotate();
  };
  const resized = (width: number, height: number) =>
    input().resize({
      width,
      height,
      fit: box.fit,
      position: 'centre',
      // Fixed boxes (avatar, banners) must come out at their exact size; free ones never grow.
      withoutEnlargement: box.fit === 'inside',
    });
  const encode = (img: Sharp, miniature: boolean) =>
    format === 'jpeg'
      ? img.jpeg({ mozjpeg: true, quality: miniature ? 78 : (box.fullQuality?.jpeg ?? 82) })
      : img.webp({ quality: miniature ? 80 : (box.fullQuality?.webp ?? 88), alphaQuality: 100, effort: 4 });

  try {
    const full = await encode(resized(box.width, box.height), false).toBuffer({ resolveWithObject: true });
    const miniature = await encode(resized(box.miniature.width, box.miniature.height), true).toBuffer();
    return {
      mime: format === 'jpeg' ? 'image/jpeg' : 'image/webp',
      ext: format === 'jpeg' ? 'jpg' : 'webp',
      full: full.data,
      miniature,
      width: full.info.width,
      height: full.info.pageHeight ?? full.info.height,
    };
  } catch (err) {
    // Headers may be fine while the pixel data is truncated or corrupt: that is still not an image.
    throw isPixelLimitError(err) ? tooManyPixels() : notAnImage();
  }
}

/** Inspects and re-encodes in one go (no pool): the CLI seed and tests. */
export async function encodeImage(bytes: Buffer, purpose: MediaPurpose): Promise<EncodedImage> {
  return encodeInspected(await inspectImage(bytes, purpose));
}
