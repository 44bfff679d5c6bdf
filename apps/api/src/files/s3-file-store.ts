// Files in any S3-compatible store (AWS S3, MinIO, Wasabi, ...): object key <prefix><sha256>. The upload is
// spooled to a temporary file first (hashed and counted as it arrives), then sent with its length, so
// nothing holds the file in memory and an object's key is always the hash of its bytes.
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { FILE_ID, type FileStore, type StoredFile } from './file-store.port.js';
import { spool } from './spool.js';
import type { FilesS3Config } from '../config.js';

const missing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(
    private readonly settings: FilesS3Config,
    private readonly spoolFolder: string,
  ) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where the operation needs them: the SDK's default (an aws-chunked body with a CRC
      // trailer) is not understood by every S3-compatible store (s3rver, older MinIO), and the file's own
      // SHA-256 is its key already.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  private key(id: string): string {
    return `${this.settings.prefix}${id}`;
  }

  private async exists(id: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(id) }));
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }

  async put(source: Readable, options: { maxBytes: number; check?: (head: Buffer) => void }): Promise<StoredFile> {
    const spooled = await spool(source, this.spoolFolder, options.maxBytes, options.check);
    try {
      // Content addressed: the same bytes are already there under the same key.
      if (!(await this.exists(spooled.sha256))) {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.settings.bucket,
            Key: this.key(spooled.sha256),
            Body: createReadStream(spooled.path),
            ContentLength: spooled.size,
            ContentType: 'application/octet-stream',
          }),
        );
      }
    } finally {
      await rm(spooled.path, { force: true });
    }
    return { id: spooled.sha256, sha256: spooled.sha256, size: spooled.size, head: spooled.head };
  }

  async get(id: string): Promise<{ stream: Readable; size: number } | null> {
    if (!FILE_ID.test(id)) return null;
    try {
      const reply = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(id) }));
      return { stream: reply.Body as Readable, size: Number(reply.ContentLength ?? 0) };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async delete(id: string): Promise<boolean> {
    if (!FILE_ID.test(id) || !(await this.exists(id))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(id) }));
    return true;
  }

  close(): void {
    this.client.destroy();
  }
}
