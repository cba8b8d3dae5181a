import { Writable } from 'node:stream';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A Fastify `logger` option whose JSON lines land, parsed, in `lines`. */
export function captureLog(level = 'info') {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: { level, stream }, lines };
}
