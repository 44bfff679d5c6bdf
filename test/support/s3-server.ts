// A real S3 protocol server in the test process (s3rver, the files in a temporary folder): the S3 file
// store is tested against it as against AWS or MinIO. `env` are the settings that point the API at it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export type TestS3Server = { endpoint: string; bucket: string; env: Record<string, string>; close(): Promise<void> };

/** `port`: the suite's own port (other suites may share the machine); 0 picks a free one. */
export async function startS3Server(port = 0, bucket = 'binaan-files'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'binaan-s3-'));
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    // s3rver takes any key pair whose access key is S3RVER (its default).
    env: {
      FILES_S3_ENDPOINT: endpoint,
      FILES_S3_BUCKET: bucket,
      FILES_S3_ACCESS_KEY_ID: 'S3RVER',
      FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
      FILES_S3_REGION: 'us-east-1',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
