import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a flow gets for a file sent to its Manual Trigger: no server path, only a reference. */
export interface UploadedFileRef {
  filename: string;
  mimetype: string;
  size: number;
  /** Opaque id of the kept file; `pathOf(ref)` finds it on the server. */
  ref: string;
}

const refPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The files sent to Manual Triggers, kept flat in `dir` under their ref. */
export function createManualUploads(dir: string) {
  const pathOf = (ref: string): string | null => (refPattern.test(ref) ? join(dir, ref) : null);
  return {
    pathOf,

    /** Keeps the stream's bytes; `truncated` says the size limit cut it (the file is dropped). */
    async save(
      file: Readable & { truncated?: boolean; bytesRead?: number },
      meta: { filename: string; mimetype: string },
    ): Promise<{ upload: UploadedFileRef; truncated: boolean }> {
      await mkdir(dir, { recursive: true });
      const ref = randomUUID();
      const path = join(dir, ref);
      await pipeline(file, createWriteStream(path));
      const truncated = file.truncated === true;
      if (truncated) await rm(path, { force: true });
      return {
        upload: {
          filename: meta.filename,
          mimetype: meta.mimetype,
          size: file.bytesRead ?? 0,
          ref,
        },
        truncated,
      };
    },
  };
}
