import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Media } from '@brushline/shared/media/schemas';
import type { App } from '../app.ts';

/** A real PNG of the given size (solid colour), made by sharp. */
export async function pngBytes(width = 64, height = 48, colour = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body with one file field, as a browser would send it. */
export function multipartBody(
  bytes: Buffer,
  opts: { filename?: string; contentType?: string; field?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----brushline${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'picture.png'}"\r\nContent-Type: ${opts.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads an image through POST /api/media and answers the stored media (throws unless 200). */
export async function uploadImage(
  app: App,
  cookie: string,
  opts: { bytes?: Buffer; purpose?: string; filename?: string } = {},
): Promise<Media> {
  const body = multipartBody(opts.bytes ?? (await pngBytes()), { filename: opts.filename });
  const res = await app.inject({
    method: 'POST',
    url: `/api/media?purpose=${opts.purpose ?? 'post'}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode}: ${res.body}`);
  return res.json<Media>();
}
