import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface S3TestServer {
  /** `http://127.0.0.1:<port>`: give it to the client with `forcePathStyle: true`. */
  endpoint: string;
  /** The one bucket the server holds. */
  bucket: string;
  /** Any pair works: s3rver checks the signature's form, not who signed. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  stop(): Promise<void>;
}

/** Runs in the child: starts s3rver, prints its port, stops on SIGTERM. */
const childScript = `
const S3rver = require(process.env.S3RVER_MODULE);
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  directory: process.env.S3RVER_DIRECTORY,
  silent: true,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET }],
});
server.run().then(({ port }) => process.stdout.write(JSON.stringify({ port }) + '\\n'));
process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));
// The tests' process is gone (its end of stdin closed): nothing is left running or on disk.
process.stdin.on('end', () => {
  require('node:fs').rmSync(process.env.S3RVER_DIRECTORY, { recursive: true, force: true });
  process.exit(0);
});
process.stdin.resume();
`;

/**
 * A real S3 API (s3rver 3, objects kept in a temporary folder) on 127.0.0.1 with one empty
 * bucket, in a child process. Its quirks: buckets are addressed by path only
 * (`forcePathStyle`); it takes any access key; its ListObjectsV2 continuation tokens are
 * ciphered with DES, which OpenSSL 3 only has in its legacy provider — hence the child
 * process started with `--openssl-legacy-provider`, so that listings of more than 1000 keys
 * page as on S3.
 */
export async function startS3TestServer(bucket = 'ponte'): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'ponte-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', childScript], {
    env: {
      PATH: process.env.PATH,
      S3RVER_MODULE: createRequire(import.meta.url).resolve('s3rver'),
      S3RVER_DIRECTORY: directory,
      S3RVER_BUCKET: bucket,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
    });
    return {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      async stop() {
        child.kill('SIGTERM');
        await exited;
        await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}
