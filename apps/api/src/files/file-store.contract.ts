// What every FileStore adapter must do, run by each adapter's spec (disk, S3 against a real S3 server):
// put then get gives the same bytes under the SHA-256 id; the same bytes twice are one file; a missing or
// malformed id is null / false; delete removes; past the limit the put is refused and keeps nothing.
import { describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { FileTooLarge, type FileStore } from './file-store.port.js';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** The bytes in small chunks, as a request body arrives. */
const streamOf = (bytes: Buffer, chunk = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
    })(),
  );
async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export function fileStoreContract(name: string, store: () => FileStore, afterRefusal: () => Promise<string[]>): void {
  describe(`${name} file store (the FileStore contract)`, () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);

    it('put streams the bytes in and names them by their SHA-256; get gives the same bytes back', async () => {
      const stored = await store().put(streamOf(bytes), { maxBytes: 50 * 1024 * 1024 });
      expect(stored).toMatchObject({ id: sha(bytes), sha256: sha(bytes), size: bytes.length });
      expect(stored.head.equals(bytes.subarray(0, stored.head.length))).toBe(true);
      expect(stored.head.length).toBeGreaterThanOrEqual(8);
      const got = await store().get(stored.id);
      expect(got?.size).toBe(bytes.length);
      expect((await read(got!.stream)).equals(bytes)).toBe(true);
    });

    it('the same bytes put twice are one file, same id', async () => {
      const small = Buffer.from(`same bytes ${name}`);
      const first = await store().put(streamOf(small), { maxBytes: 1024 });
      const second = await store().put(streamOf(small), { maxBytes: 1024 });
      expect(second.id).toBe(first.id);
      expect((await read((await store().get(first.id))!.stream)).toString()).toBe(`same bytes ${name}`);
    });

    it('a missing id is null, a malformed one too (never a path or key of its own)', async () => {
      expect(await store().get(sha(Buffer.from('never stored')))).toBeNull();
      expect(await store().get('../../secrets.json')).toBeNull();
      expect(await store().get(sha(bytes).toUpperCase())).toBeNull();
      expect(await store().delete('not-an-id')).toBe(false);
    });

    it('delete removes the file: get is then null, a second delete false', async () => {
      const doomed = Buffer.from(`to be deleted ${name} ${Date.now()}`);
      const { id } = await store().put(streamOf(doomed), { maxBytes: 1024 });
      expect(await store().delete(id)).toBe(true);
      expect(await store().get(id)).toBeNull();
      expect(await store().delete(id)).toBe(false);
    });

    it('past the size limit the put is refused (FileTooLarge) and nothing is kept, not even its spool', async () => {
      const big = randomBytes(300 * 1024);
      await expect(store().put(streamOf(big, 16 * 1024), { maxBytes: 256 * 1024 })).rejects.toBeInstanceOf(FileTooLarge);
      expect(await store().get(sha(big))).toBeNull();
      expect(await afterRefusal()).toEqual([]);
      // What the check throws on the first bytes ends the put the same way.
      const program = Buffer.concat([Buffer.from('MZ'), randomBytes(200 * 1024)]);
      const check = (head: Buffer) => {
        if (head.subarray(0, 2).toString() === 'MZ') throw new Error('executable');
      };
      await expect(store().put(streamOf(program), { maxBytes: 256 * 1024, check })).rejects.toThrow('executable');
      expect(await store().get(sha(program))).toBeNull();
      expect(await afterRefusal()).toEqual([]);
      const tiny = Buffer.from('ok');
      expect((await store().put(streamOf(tiny), { maxBytes: 10, check })).size).toBe(2);
      // Exactly at the limit is allowed.
      const edge = randomBytes(256 * 1024);
      expect((await store().put(streamOf(edge), { maxBytes: 256 * 1024 })).size).toBe(256 * 1024);
    });
  });
}
