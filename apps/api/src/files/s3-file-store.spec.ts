// The S3 adapter under the FileStore contract, against a real S3 protocol server (s3rver) in the process.
// FILES_S3_TEST_PORT picks its port (several checkouts on one machine each need their own); default a free one.
import { afterAll, beforeAll } from '@jest/globals';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3Server, type TestS3Server } from '../../../../test/support/s3-server.js';
import { fileStoreContract } from './file-store.contract.js';
import { S3FileStore } from './s3-file-store.js';

let server: TestS3Server | undefined;
let spoolFolder = '';
let store: S3FileStore | undefined;
beforeAll(async () => {
  server = await startS3Server(Number(process.env.FILES_S3_TEST_PORT ?? 0));
  spoolFolder = await mkdtemp(join(tmpdir(), 'binaan-s3-spool-'));
  store = new S3FileStore(
    {
      endpoint: server.endpoint,
      region: 'us-east-1',
      bucket: server.bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix: 'files/',
      forcePathStyle: true,
    },
    spoolFolder,
  );
});
afterAll(async () => {
  store?.close();
  await server?.close();
  await rm(spoolFolder, { recursive: true, force: true });
});

fileStoreContract(
  'S3',
  () => store!,
  async () => readdir(spoolFolder),
);
