#!/usr/bin/env node
// A large file through the Storage API of a built Ponte (local driver, embedded database): the
// upload streamed as multipart from a generator, then the download, with the server's resident
// memory sampled every 20 ms. It shows whether a file is held whole in memory: the peak over
// the idle memory is compared with the file's size. The downloaded bytes are checked against
// the uploaded ones by SHA-256.
// Usage: npm run build && node bench/storage-upload.mjs [megabytes=512]
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeFlags } from '../scripts/server-flags.mjs';
import { freePort, rssMb, sleep, startProcess } from './support/processes.mjs';

const root = new URL('..', import.meta.url).pathname;
const megabytes = Number(process.argv[2] ?? 512);
const chunkBytes = 1024 * 1024;
const boundary = 'ponte-bench-boundary';

/** The same pseudo-random megabyte, varied per chunk by its first bytes: no compression helps. */
const base = Buffer.alloc(chunkBytes);
for (let i = 0; i < chunkBytes; i++) base[i] = (i * 2654435761) >>> 24;
const chunkOf = (index) => {
  const chunk = Buffer.from(base);
  chunk.writeUInt32BE(index, 0);
  return chunk;
};

/** The multipart body, produced as it is sent; hashes the file's bytes on the way. */
function multipartBody(hash) {
  let index = -1;
  return new ReadableStream({
    pull(controller) {
      if (index === -1) {
        controller.enqueue(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="pathFile"\r\n\r\n/bench/\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.bin"\r\n` +
              'Content-Type: application/octet-stream\r\n\r\n',
          ),
        );
      } else if (index < megabytes) {
        const chunk = chunkOf(index);
        hash.update(chunk);
        controller.enqueue(chunk);
      } else {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        controller.close();
      }
      index++;
    },
  });
}

/** Samples the process's RSS until `work` ends; answers its result, the peak and the time. */
async function sampled(pid, work) {
  let peak = rssMb(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, rssMb(pid));
      await sleep(20);
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return { result, peak, seconds: (performance.now() - started) / 1000 };
  } finally {
    running = false;
    await sampler;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'ponte-bench-storage-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const admin = { email: 'bench@exemplo.com.br', password: 'segredo-forte-1' };
const server = await startProcess(
  'Ponte',
  [...nodeFlags, join(root, 'apps/server/dist/main.js')],
  {
    PORT: String(port),
    PONTE_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PONTE_ADMIN_EMAIL: admin.email,
    PONTE_ADMIN_PASSWORD: admin.password,
    PONTE_STORAGE_MAX_FILE_MB: String(megabytes + 1),
  },
  `${url}/readyz`,
);
try {
  const login = await fetch(`${url}/account/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { token } = await login.json();
  const auth = { authorization: `Bearer ${token}` };
  const pid = server.child.pid;
  await sleep(2000);
  const idle = rssMb(pid);

  const sent = createHash('sha256');
  const upload = await sampled(pid, async () => {
    const response = await fetch(`${url}/api/v1/storage/upload`, {
      method: 'POST',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipartBody(sent),
      duplex: 'half',
    });
    const body = await response.json();
    if (response.status !== 201)
      throw new Error(`upload: ${response.status} ${JSON.stringify(body)}`);
    return body;
  });

  const received = createHash('sha256');
  const download = await sampled(pid, async () => {
    const response = await fetch(
      `${url}/api/v1/storage/download?path=${encodeURIComponent(upload.result.path)}`,
      { headers: auth },
    );
    if (response.status !== 200) throw new Error(`download: ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body) {
      received.update(chunk);
      bytes += chunk.length;
    }
    return bytes;
  });
  const same = sent.digest('hex') === received.digest('hex');
  if (!same || download.result !== megabytes * chunkBytes) {
    throw new Error('os bytes baixados não conferem com os enviados');
  }

  const row = (name, run) => ({
    etapa: name,
    'MB/s': Math.round(megabytes / run.seconds),
    'RSS ocioso (MB)': Math.round(idle),
    'RSS pico (MB)': Math.round(run.peak),
    'pico − ocioso (MB)': Math.round(run.peak - idle),
    'arquivo (MB)': megabytes,
  });
  console.table([row('upload', upload), row('download', download)]);
  console.log('SHA-256 do download confere com o do upload.');
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
