import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A Node stream (a file, a storage object, a CSV export): the answer goes out as it is read. */
function isStream(payload: unknown): boolean {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { pipe?: unknown }).pipe === 'function'
  );
}

/**
 * gzip or brotli, as the client's `Accept-Encoding` asks, for answers built in memory (the
 * API's JSON, error bodies, the OpenAPI document) above 1 KiB, with `Vary: Accept-Encoding`
 * (ADR 0062). Streams are left alone: a storage download or a CSV export keeps its
 * `Content-Length` and ranges and reaches the client as it is read, never held in a
 * compressor's buffer; the built web app's files are served already compressed by the SPA
 * plugin. Request bodies are never decompressed: the body limits count what arrives.
 */
async function compression(app: FastifyInstance) {
  // Runs before the plugin's own onSend (route hooks come after the instance's): a stream
  // answer opts out the way a client would, with the plugin's `x-no-compression` header.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (isStream(payload)) request.headers['x-no-compression'] = '1';
    return payload;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
  });
}

export default fp(compression, { name: 'compression' });
