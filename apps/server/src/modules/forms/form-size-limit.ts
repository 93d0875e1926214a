import { Transform, type Readable } from 'node:stream';

/**
 * The file's bytes up to `maxBytes`: past it, the rest is read and dropped (so the request
 * goes on to its end) and `truncated` says the file was cut.
 */
export function sizeLimited(source: Readable, maxBytes: number): Readable & { truncated: boolean } {
  let seen = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (limited.truncated) return done();
      seen += chunk.length;
      if (seen > maxBytes) {
        limited.truncated = true;
        const room = chunk.length - (seen - maxBytes);
        return done(null, room > 0 ? chunk.subarray(0, room) : undefined);
      }
      done(null, chunk);
    },
  }) as Transform & { truncated: boolean };
  limited.truncated = false;
  source.on('error', (error) => limited.destroy(error));
  // A file cut by the request's own limit is cut here too.
  source.on('end', () => {
    if ((source as Readable & { truncated?: boolean }).truncated) limited.truncated = true;
  });
  return source.pipe(limited);
}
