import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { limits } from '@ponte/shared/limits';

/** What a flow gets for a file sent to its Manual Trigger: no server path, only a reference. */
export interface UploadedFileRef {
  filename: string;
  mimetype: string;
  size: number;
  /** Opaque id of the kept file; `pathOf(ref)` finds it on the server. */
  ref: string;
}

const refPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/g;

/**
 * The client's file name as metadata only (it never names a file on disk): its last path
 * segment, without control characters, cut to `limits.uploadNameMax` characters.
 */
export function uploadName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(controlCharacters, '').trim();
  return Array.from(clean).slice(0, limits.uploadNameMax).join('');
}

/** The files sent to Manual Triggers, kept flat in `dir` under their ref. */
export function createManualUploads(dir: string) {
  const pathOf = (ref: string): string | null => (refPattern.test(ref) ? join(dir, ref) : null);
  return {
    pathOf,

    /**
     * Keeps the stream's bytes under a new ref; `truncated` says the size limit cut it (the
     * file is dropped). A stream that fails (size limit, connection cut) leaves no file.
     */
    async save(
      file: Readable & { truncated?: boolean; bytesRead?: number },
      meta: { filename?: string; mimetype: string },
    ): Promise<{ upload: UploadedFileRef; truncated: boolean }> {
      await mkdir(dir, { recursive: true });
      const ref = randomUUID();
      const path = join(dir, ref);
      try {
        await pipeline(file, createWriteStream(path));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      const truncated = file.truncated === true;
      if (truncated) await rm(path, { force: true });
      return {
        upload: {
          filename: uploadName(meta.filename),
          mimetype: meta.mimetype,
          size: file.bytesRead ?? 0,
          ref,
        },
        truncated,
      };
    },

    /** Removes kept files by ref (the uploads of a request that failed). */
    async remove(refs: string[]): Promise<void> {
      await Promise.all(
        refs.map((ref) => {
          const path = pathOf(ref);
          return path ? rm(path, { force: true }) : undefined;
        }),
      );
    },
  };
}

export type ManualUploads = ReturnType<typeof createManualUploads>;

export interface UploadRetentionOptions {
  dir: string;
  /** Files older than this (by their last write) are removed. */
  maxAgeMs: number;
  /** How often the folder is swept (default: every hour). */
  everyMs?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
  onRemoved?: (count: number) => void;
}

/**
 * Manual-trigger uploads are kept for `maxAgeMs` after they arrive (ADR 0022): long enough for
 * the execution and a rerun from the debugger, then removed by a sweep of the folder.
 */
export function createUploadRetention(options: UploadRetentionOptions) {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;

  async function sweepOnce(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(options.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    const cutoff = now().getTime() - options.maxAgeMs;
    let removed = 0;
    for (const name of names) {
      if (!refPattern.test(name)) continue;
      const path = join(options.dir, name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() && info.mtimeMs < cutoff) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  const sweep = (): Promise<number> => {
    running ??= sweepOnce().finally(() => {
      running = null;
    });
    return running;
  };

  const tick = () =>
    void sweep()
      .then((count) => count && options.onRemoved?.(count))
      .catch((error: unknown) => options.onError?.(error));

  return {
    sweep,
    start() {
      tick();
      timer = setInterval(tick, options.everyMs ?? 3_600_000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
