// The upload's checks on a real disk store: the 1 GB total (here a small room, the same code path), the
// 50 MB limit by declared length, names, executables and renamed files; nothing kept of a refused file.
import { Refused } from '../../common/refusal.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DiskFileStore } from '../../files/disk-file-store.js';
import { receiveFile } from './attached-files.js';

let folder = '';
let files: DiskFileStore;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'binaan-attach-'));
  files = new DiskFileStore(folder);
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

const body = (bytes: Buffer) => Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]);
const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof Refused) return { status: error.getStatus(), code: error.code };
    // The files context's own checks answer as the house refusal (an HttpException with the code).
    if (error instanceof HttpException)
      return { status: error.getStatus(), code: (error.getResponse() as { errorCode: string }).errorCode };
    throw error;
  }
  throw new Error('not refused');
};
/** Files in the store (the spool folder left out). */
const kept = async () => (await readdir(folder)).filter((name) => name !== 'incoming');

describe('receiveFile', () => {
  it('keeps a file within the room, its type read from its bytes when none is given', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
    const file = await receiveFile(files, body(png), { 'x-file-name': encodeURIComponent('site photo.png') }, 1000);
    expect(file).toMatchObject({ name: 'site photo.png', mediaType: 'image/png', size: 108 });
  });

  it('past the room left of the 1 GB: 413 attachmentsTotalTooLarge, by the bytes streamed or by the declared length, and nothing kept', async () => {
    const before = await kept();
    const bytes = Buffer.alloc(2000, 65);
    expect(await refusal(receiveFile(files, body(bytes), { 'x-file-name': 'big.txt' }, 1999))).toEqual({
      status: 413,
      code: 'attachmentsTotalTooLarge',
    });
    expect(await refusal(receiveFile(files, body(bytes), { 'x-file-name': 'big.txt', 'content-length': '2000' }, 1999))).toEqual({
      status: 413,
      code: 'attachmentsTotalTooLarge',
    });
    expect(await kept()).toEqual(before);
    expect(await readdir(join(folder, 'incoming'))).toEqual([]);
    expect((await receiveFile(files, body(bytes), { 'x-file-name': 'fits.txt' }, 2000)).size).toBe(2000);
  });

  it('over 50 MB by its declared length: 413 fileTooLarge', async () => {
    expect(
      await refusal(
        receiveFile(files, body(Buffer.from('x')), { 'x-file-name': 'x', 'content-length': String(50 * 1024 * 1024 + 1) }, 1024 ** 3),
      ),
    ).toEqual({ status: 413, code: 'fileTooLarge' });
  });

  it('names: the last path part, control characters dropped; none is 400', async () => {
    expect(
      (await receiveFile(files, body(Buffer.from('hello')), { 'x-file-name': encodeURIComponent('C:\\site\\..\\notes\u0007.txt') }, 100))
        .name,
    ).toBe('notes.txt');
    expect(await refusal(receiveFile(files, body(Buffer.from('hello')), { 'x-file-name': encodeURIComponent('../') }, 100))).toEqual({
      status: 400,
      code: 'validationFailed',
    });
    expect(await refusal(receiveFile(files, body(Buffer.from('hello')), { 'x-file-name': '%E0%A4%A' }, 100))).toEqual({
      status: 400,
      code: 'validationFailed',
    });
  });

  it('an ELF program or a Mach-O one is refused whatever its name and declared type', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(80)]);
    const macho = Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.alloc(80)]);
    expect(await refusal(receiveFile(files, body(elf), { 'x-file-name': 'report.pdf', 'x-file-type': 'application/pdf' }, 1000))).toEqual({
      status: 415,
      code: 'attachmentExecutable',
    });
    expect(await refusal(receiveFile(files, body(macho), { 'x-file-name': 'photo', 'x-file-type': 'image/jpeg' }, 1000))).toEqual({
      status: 415,
      code: 'attachmentExecutable',
    });
  });

  it('a .docx that is not a ZIP is a renamed file: 415 attachmentTypeMismatch; a real one keeps its declared type', async () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(
      await refusal(
        receiveFile(files, body(Buffer.from('just text, not a document')), { 'x-file-name': 'spec.docx', 'x-file-type': docx }, 1000),
      ),
    ).toEqual({ status: 415, code: 'attachmentTypeMismatch' });
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 2)]);
    expect((await receiveFile(files, body(zip), { 'x-file-name': 'spec.docx', 'x-file-type': docx }, 1000)).mediaType).toBe(docx);
  });
});
