// Files on the local disk: DATA_DIR/files/<first two hex>/<sha256>. The default, so `npm start` needs nothing.
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FILE_ID, type FileStore, type StoredFile } from './file-store.port.js';
import { spool } from './spool.js';

export class DiskFileStore implements FileStore {
  readonly kind = 'disk' as const;

  constructor(private readonly folder: string) {}

  private pathOf(id: string): string {
    return join(this.folder, id.slice(0, 2), id);
  }

  async put(source: Readable, options: { maxBytes: number; check?: (head: Buffer) => void }): Promise<StoredFile> {
    const spooled = await spool(source, join(this.folder, 'incoming'), options.maxBytes, options.check);
    const target = this.pathOf(spooled.sha256);
    await mkdir(join(this.folder, spooled.sha256.slice(0, 2)), { recursive: true });
    // Same bytes, same name: a second copy replaces the first with identical content.
    await rename(spooled.path, target);
    return { id: spooled.sha256, sha256: spooled.sha256, size: spooled.size, head: spooled.head };
  }

  async get(id: string): Promise<{ stream: Readable; size: number } | null> {
    if (!FILE_ID.test(id)) return null;
    try {
      const { size } = await stat(this.pathOf(id));
      return { stream: createReadStream(this.pathOf(id)), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(id: string): Promise<boolean> {
    if (!FILE_ID.test(id)) return false;
    try {
      await stat(this.pathOf(id));
    } catch {
      return false;
    }
    await rm(this.pathOf(id), { force: true });
    return true;
  }
}
