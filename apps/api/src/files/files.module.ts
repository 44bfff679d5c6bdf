// The file store (FILE_STORE), chosen by the settings: S3 when FILES_S3_BUCKET is set, else DATA_DIR/files.
// Global, so each context that keeps files (tendering's attachments) injects the port, never an adapter.
// It also takes file bodies on the attachment routes (file-bodies.ts).
import { Global, Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import type { ApiConfig } from '../config.js';
import { API_CONFIG } from '../store/store.tokens.js';
import { DiskFileStore } from './disk-file-store.js';
import { fileBodies } from './file-bodies.js';
import { FILE_STORE, type FileStore } from './file-store.port.js';

/** The S3 client (a few hundred modules) is loaded only when S3 is chosen. */
export async function fileStoreFor(config: ApiConfig): Promise<FileStore> {
  const folder = join(config.dataDir, 'files');
  if (!config.filesS3) return new DiskFileStore(folder);
  const { S3FileStore } = await import('./s3-file-store.js');
  return new S3FileStore(config.filesS3, join(folder, 'incoming'));
}

@Global()
@Module({
  providers: [{ provide: FILE_STORE, useFactory: fileStoreFor, inject: [API_CONFIG] }],
  exports: [FILE_STORE],
})
export class FilesModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(HttpAdapterHost) private readonly host: HttpAdapterHost,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  onModuleInit(): void {
    fileBodies(this.host.httpAdapter.getInstance<FastifyInstance>());
  }

  onApplicationShutdown(): void {
    this.files.close?.();
  }
}
