import { Image } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * The box of every WholePicture: square tiles keep a grid of them tidy at any width, and the
 * picture is fitted inside its tile (never cropped) on a neutral ground that works in both schemes.
 */
export const WHOLE_PICTURE_STYLE: CSSProperties = {
  aspectRatio: '1',
  width: '100%',
  objectFit: 'contain',
  background: 'var(--mantine-color-gray-light)',
};

/**
 * A thumbnail that shows the whole picture, for the places where the point is to check the work
 * (an order's references, work in progress and deliveries; a request's attachments; the files
 * being attached). Cropping a portrait to a square there hid its top and bottom, so a 1200×1600
 * sketch lost the very part the buyer had to look at.
 */
export function WholePicture({ src, alt, opacity }: { src: string; alt: string; opacity?: number }) {
  return <Image src={src} alt={alt} radius="sm" style={{ ...WHOLE_PICTURE_STYLE, opacity }} />;
}
