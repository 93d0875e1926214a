import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';

/** A built web app in miniature: a page and an asset, each with its .br and .gz beside it. */
const webDist = mkdtempSync(join(tmpdir(), 'ponte-web-compressed-'));
const page = `<!doctype html><title>Ponte</title>${'<p>Fluxos</p>'.repeat(200)}`;
const script = `console.log(${JSON.stringify('ponte '.repeat(500))});`;
mkdirSync(join(webDist, 'assets'));
for (const [path, text] of [
  ['index.html', page],
  ['assets/app-1234.js', script],
] as const) {
  writeFileSync(join(webDist, path), text);
  writeFileSync(join(webDist, `${path}.br`), brotliCompressSync(text));
  writeFileSync(join(webDist, `${path}.gz`), gzipSync(text));
}
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const boundary = '----ponte-compression';
function upload(name: string, content: string): Buffer {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="pathFile"\r\n\r\n/\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
}

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('compressed answers', () => {
  const t = useTestApp('embedded', { config: { webDist } });

  it('compresses the API JSON as Accept-Encoding asks, keeping the other headers', async () => {
    const account = await t.createAccount();
    const get = (acceptEncoding: string | null) =>
      t.app.inject({
        url: '/engine/library',
        headers: {
          authorization: `Bearer ${account.token}`,
          ...(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }),
        },
      });
    const plain = await get(null);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get(accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(String(res.headers.vary ?? ''), accept).toMatch(expected ? /accept-encoding/i : /.*/);
      expect(JSON.parse(decoded(expected, res.rawPayload)), accept).toEqual(plain.json());
      if (expected) expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 3);
      for (const header of ['content-security-policy', 'x-content-type-options', 'cache-control']) {
        expect(res.headers[header], `${accept} ${header}`).toEqual(plain.headers[header]);
      }
    }
  });

  it('sends a storage download as the stream it is: its length, no encoding', async () => {
    const account = await t.createAccount();
    const csv = Array.from({ length: 4000 }, (_, i) => `${i};pedido;pago`).join('\n');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/storage/upload',
      headers: {
        authorization: `Bearer ${account.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: upload('pedidos.csv', csv),
    });
    expect(sent.statusCode).toBe(201);
    const res = await t.app.inject({
      url: `/api/v1/storage/download?path=${encodeURIComponent('/pedidos.csv')}`,
      headers: { authorization: `Bearer ${account.token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(csv)));
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.body).toBe(csv);
  });

  it('serves the built page and assets precompressed, with their cache headers', async () => {
    for (const [url, text, cache] of [
      ['/flows', page, 'no-cache'],
      ['/', page, 'no-cache'],
      ['/assets/app-1234.js', script, 'public, max-age=31536000, immutable'],
    ] as const) {
      for (const [accept, expected] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        [null, undefined],
      ] as const) {
        const res = await t.app.inject({
          url,
          headers: accept === null ? {} : { 'accept-encoding': accept },
        });
        const what = `${url} ${accept}`;
        expect(res.statusCode, what).toBe(200);
        expect(res.headers['content-encoding'], what).toBe(expected);
        expect(res.headers.vary, what).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control'], what).toBe(cache);
        expect(res.headers['content-type'], what).toMatch(
          url.endsWith('.js') ? /javascript/ : /html/,
        );
        expect(res.headers['x-content-type-options'], what).toBe('nosniff');
        expect(decoded(expected, res.rawPayload), what).toBe(text);
      }
    }
  });
});
