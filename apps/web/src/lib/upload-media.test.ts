import { afterEach, describe, expect, it } from 'vitest';
import { uploadMedia } from './upload-media.ts';

/** A stand-in for the browser's XMLHttpRequest that finishes only when the test says so. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  status = 0;
  response: unknown = null;
  responseType = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  send() {
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  finish(id: string) {
    this.status = 200;
    this.response = {
      id,
      url: '',
      miniatureUrl: '',
      width: 1,
      height: 1,
      mime: 'image/png',
      purpose: 'post',
    };
    this.onload?.();
  }
}

const realXhr = globalThis.XMLHttpRequest;
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
  FakeXhr.sent = [];
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('uploadMedia', () => {
  it('sends at most three files at a time and starts the next as one finishes', async () => {
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const uploads = Array.from({ length: 5 }, () => uploadMedia(file, 'post'));
    await tick();
    expect(FakeXhr.sent).toHaveLength(3);
    FakeXhr.sent[0]!.finish('first');
    await expect(uploads[0]).resolves.toMatchObject({ id: 'first' });
    await tick();
    expect(FakeXhr.sent).toHaveLength(4);
    for (const [i, xhr] of FakeXhr.sent.slice(1).entries()) xhr.finish(`n${i}`);
    await tick();
    expect(FakeXhr.sent).toHaveLength(5);
    FakeXhr.sent[4]!.finish('last');
    await expect(Promise.all(uploads)).resolves.toHaveLength(5);
  });
});
