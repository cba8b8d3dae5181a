/**
 * Reads a message the outbox wrote (nodemailer's output): headers unfolded, RFC 2047 encoded
 * words and a quoted-printable or base64 body decoded. For tests and e2e journeys, which look
 * for links in mail; a line longer than 76 characters is soft-broken in the raw file.
 */
export interface DecodedMail {
  headers: Map<string, string>;
  to: string;
  subject: string;
  text: string;
}

const qpBytes = (s: string) =>
  Buffer.from(
    s.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?(.*?)\?=/gi, (_, enc: string, data: string) =>
      (enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : qpBytes(data.replaceAll('_', ' '))).toString(
        'utf8',
      ),
    );
}

export function decodeMail(raw: string): DecodedMail {
  const normal = raw.replace(/\r\n/g, '\n');
  const split = normal.indexOf('\n\n');
  const head = normal.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = normal.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? qpBytes(body.replace(/=\n/g, '')).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { headers, to: headers.get('to') ?? '', subject: headers.get('subject') ?? '', text };
}
