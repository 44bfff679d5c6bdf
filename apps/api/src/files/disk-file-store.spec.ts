// The disk adapter under the FileStore contract, in a temporary folder.
import { afterAll, beforeAll } from '@jest/globals';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskFileStore } from './disk-file-store.js';
import { fileStoreContract } from './file-store.contract.js';

let folder = '';
let store: DiskFileStore | undefined;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'binaan-files-'));
  store = new DiskFileStore(folder);
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

fileStoreContract(
  'disk',
  () => store!,
  async () => readdir(join(folder, 'incoming')),
);
