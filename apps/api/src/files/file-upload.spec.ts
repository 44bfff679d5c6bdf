// The shared upload's own options on a real disk store: a caller's smaller per-file limit (the company logo's
// 2 MB) and its type rule (`accept`), each refused while the bytes stream, with nothing kept.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { refusal } from '../common/refusal.js';
import { DiskFileStore } from './disk-file-store.js';
import { receiveFile } from './file-upload.js';

let folder = '';
let files: DiskFileStore;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'binaan-upload-'));
  files = new DiskFileStore(folder);
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const body = (bytes: Buffer) => Readable.from([bytes.subarray(0, 8), bytes.subarray(8)]);
const kept = async () => (await readdir(folder)).filter((name) => name !== 'incoming');
const total = () => refusal(413, 'ourTotal', 'over the total');
const imagesOnly = (type: string) => (type.startsWith('image/') ? null : refusal(415, 'imagesOnly', 'an image'));
const codeOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof HttpException) return [error.getStatus(), (error.getResponse() as { errorCode: string }).errorCode];
    throw error;
  }
  return 'kept';
};

describe("receiveFile with the caller's limits", () => {
  it('a smaller per-file limit: past it while streaming is fileTooLarge (not the total), nothing kept', async () => {
    const before = await kept();
    const big = Buffer.concat([PNG, Buffer.alloc(2048, 1)]);
    expect(
      await codeOf(
        receiveFile(
          files,
          body(big),
          { 'x-file-name': 'logo.png', 'x-file-type': 'image/png' },
          { room: 10_000, maxBytes: 2000, totalTooLarge: total },
        ),
      ),
    ).toEqual([413, 'fileTooLarge']);
    expect(
      await codeOf(
        receiveFile(
          files,
          body(big),
          { 'x-file-name': 'logo.png', 'x-file-type': 'image/png' },
          { room: 1000, maxBytes: 2000, totalTooLarge: total },
        ),
      ),
    ).toEqual([413, 'ourTotal']);
    expect(await kept()).toEqual(before);
  });

  it("the caller's type rule refuses by the judged type before the rest is stored", async () => {
    const before = await kept();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 2)]);
    expect(
      await codeOf(
        receiveFile(
          files,
          body(pdf),
          { 'x-file-name': 'logo.pdf', 'x-file-type': 'application/pdf' },
          { room: 10_000, totalTooLarge: total, accept: imagesOnly },
        ),
      ),
    ).toEqual([415, 'imagesOnly']);
    expect(await kept()).toEqual(before);
    const png = await receiveFile(
      files,
      body(Buffer.concat([PNG, Buffer.alloc(100)])),
      { 'x-file-name': encodeURIComponent('../../logo.png') },
      { room: 10_000, totalTooLarge: total, accept: imagesOnly },
    );
    expect(png).toMatchObject({ name: 'logo.png', mediaType: 'image/png', size: 108 });
  });

  it('a WebP image must start as one', async () => {
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(50)]);
    expect(
      (
        await receiveFile(
          files,
          body(webp),
          { 'x-file-name': 'logo.webp', 'x-file-type': 'image/webp' },
          { room: 10_000, totalTooLarge: total },
        )
      ).mediaType,
    ).toBe('image/webp');
    expect(
      await codeOf(
        receiveFile(
          files,
          body(Buffer.concat([PNG, Buffer.alloc(50)])),
          { 'x-file-name': 'logo.webp', 'x-file-type': 'image/webp' },
          { room: 10_000, totalTooLarge: total },
        ),
      ),
    ).toEqual([415, 'attachmentTypeMismatch']);
  });
});
