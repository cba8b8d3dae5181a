import { isUuid } from '@brushline/shared/uuid';
import { AppError } from './errors.ts';

/**
 * The one opaque cursor of keyset-paged lists: the last row's sort key, parts joined by "|" in
 * base64url. Each list checks the parts it reads back, and a cursor that does not parse is a 400
 * `bad_cursor` with the list's own message.
 */
export const encodeCursor = (...parts: (string | number)[]) =>
  Buffer.from(parts.join('|')).toString('base64url');

/** The parts of `cursor` when `valid` accepts them; otherwise 400 bad_cursor saying `message`. */
export function decodeCursor(cursor: string, message: string, valid: (parts: string[]) => boolean): string[] {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!valid(parts)) throw new AppError(400, 'bad_cursor', message);
  return parts;
}

const ISO_US = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** The common key: a time in full precision (as `to_char(…, 'US')` writes it) and a uuid. */
export function decodeTimeIdCursor(cursor: string, message: string): { ts: string; id: string } {
  const [ts = '', id = ''] = decodeCursor(
    cursor,
    message,
    (p) => p.length === 2 && ISO_US.test(p[0]!) && isUuid(p[1]!),
  );
  return { ts, id };
}
