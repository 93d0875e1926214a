import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** A vendor's document from the fixtures folder, as text. */
export const fixtureText = async (name: string) =>
  gunzipSync(await readFile(new URL(`./fixtures/${name}`, import.meta.url))).toString('utf8');

const prismCli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');

const freePort = (host: string) =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface StandIn {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Prism (@stoplight/prism-cli) mocking a vendor's document on `host`: it answers examples of the
 * document's responses and refuses (401, 422…) any request the document does not allow.
 */
export async function startPrism(fixture: string, host = '127.0.0.2'): Promise<StandIn> {
  const dir = await mkdtemp(join(tmpdir(), 'ponte-openapi-'));
  const file = join(dir, fixture.replace(/\.gz$/, ''));
  await writeFile(file, await fixtureText(fixture));
  const port = await freePort(host);
  const child = spawn(process.execPath, [prismCli, 'mock', file, '-h', host, '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is listening on')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`prism saiu (${code}): ${output.slice(-2000)}`)));
  });
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  return {
    url: `http://${host}:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
