// Streams an upload to a temporary file while hashing and counting it, so neither adapter holds a 50 MB
// Buffer: the disk store renames the temporary file into place, the S3 store sends it with its length.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileTooLarge } from './file-store.port.js';

/** Bytes kept of the file's start: enough for every signature file-kinds.ts reads. */
const HEAD_BYTES = 64;

export type Spooled = { path: string; sha256: string; size: number; head: Buffer };

export async function spool(source: Readable, folder: string, maxBytes: number, check?: (head: Buffer) => void): Promise<Spooled> {
  await mkdir(folder, { recursive: true });
  const path = join(folder, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let checked = check === undefined;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new FileTooLarge(maxBytes));
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      try {
        if (!checked && head.length >= HEAD_BYTES) {
          checked = true;
          check!(head);
        }
      } catch (error) {
        return callback(error as Error);
      }
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      try {
        if (!checked) check!(head);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  // Not pipeline(source, ...): a refusal would destroy the source, and a request's socket with it, so the
  // client would see a reset instead of its 4xx. The source is piped in and, on a refusal, drained.
  const file = createWriteStream(path, { mode: 0o600 });
  const written = pipeline(counter, file);
  source.once('error', (error) => counter.destroy(error));
  source.pipe(counter);
  try {
    await written;
  } catch (error) {
    source.unpipe(counter);
    // The file is opened asynchronously: a refusal in the first chunk can reject the pipeline before the
    // open is done, and the open would then create the file after the rm. Wait for the stream to close.
    // (A listener, not events.once: that rejects on the stream's own 'error', before it has closed.)
    if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
    await rm(path, { force: true });
    // The rest of a refused upload is read and dropped, so the client gets its 4xx rather than a reset.
    source.resume();
    throw error;
  }
  return { path, sha256: hash.digest('hex'), size, head };
}
