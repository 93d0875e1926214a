import { pipeline, Transform, type Readable } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { OutboundHttpError } from './outbound-http-error';

const decoders: Record<string, () => Transform> = {
  gzip: () => createGunzip({ finishFlush: constants.Z_SYNC_FLUSH }),
  'x-gzip': () => createGunzip({ finishFlush: constants.Z_SYNC_FLUSH }),
  deflate: () => createInflate({ finishFlush: constants.Z_SYNC_FLUSH }),
  br: () => createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH }),
};

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('pt-BR');

export const tooLarge = (maxBytes: number) =>
  new OutboundHttpError(
    `A resposta passou do limite de ${megabytes(maxBytes)} MB e foi interrompida.`,
    'response_too_large',
  );

/**
 * Reads a response body decoded (gzip, deflate, br, in the order the server applied them),
 * stopping as soon as more than `maxBytes` arrive, compressed or decoded: a compressed bomb is
 * never inflated past the cap. Unknown encodings come back as sent. `onChunk` sees each decoded
 * piece within the cap as it arrives (a streamed answer); a throw from it ends the read.
 */
export async function readCappedBody(
  body: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
  onChunk?: (chunk: Uint8Array) => void,
): Promise<Uint8Array> {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding && coding !== 'identity');
  const known = codings.every((coding) => coding in decoders);
  const stages = known ? codings.reverse().map((coding) => decoders[coding]!()) : [];

  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
  const last = stages.at(-1);
  if (last) pipeline([body, counter, ...stages], () => undefined);
  const decoded: Readable = last ?? body;

  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of decoded as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
      onChunk?.(chunk);
    }
  } catch (error) {
    body.destroy();
    throw error;
  }
  return new Uint8Array(Buffer.concat(chunks, total));
}
