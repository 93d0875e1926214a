import {
  titularScanMax,
  titularTextFileMaxBytes as textFileMaxBytes,
} from '@ponte/shared/lgpd/titular.schema';
import type { StorageItem } from '@ponte/shared/storage.schema';
import { AppError } from '../../lib/app-error';
import { storageMimetype, type StorageService } from '../storage/storage.service';
import { hits, type TitularCount, type TitularMatcher } from './titular-matcher';
import { searchTally, type TitularPlaceHandler } from './titular-scan';

const textExtensions = /\.(txt|csv|tsv|json|ndjson|jsonl|xml|html?|md|log|ya?ml|ini|sql|eml|vcf)$/i;
const textTypes = /^(text\/|application\/(json|xml|csv|x-ndjson|yaml|x-yaml|sql))/i;

/** A file whose content is text, by its extension or the content type its name gives. */
export const isTextFile = (path: string) =>
  textExtensions.test(path) || textTypes.test(storageMimetype(path));

interface StorageHit {
  item: StorageItem;
  count: TitularCount;
  fields: string[];
  /** The item's name holds the value as written: erasing deletes it. */
  named: boolean;
  /** The file's content holds the value as written: erasing rewrites it scrubbed. */
  inContent: boolean;
}

/**
 * The workspace's Storage (local or S3, through the storage service): every file and folder
 * name, and the content of the text files up to `textFileMaxBytes`. The walk visits at most
 * `titularScanMax` items and says when it stopped. Erasing deletes the files and folders whose
 * name holds the value as written (a folder with everything in them), and rewrites the text
 * files whose content holds it, each occurrence, exact or masked, as '[removido]' (same path,
 * written through the service: the quota counts the new size). An item holding only the masked
 * form (a trace that may be another person's) is kept as it is.
 */
export function storagePlace(storage: StorageService): TitularPlaceHandler {
  async function walk(workspaceId: string, matcher: TitularMatcher, max: number | null) {
    const found: StorageHit[] = [];
    let skipped = 0;
    let visited = 0;
    let stopped = false;
    const folders = ['/'];
    while (folders.length > 0 && !stopped) {
      const items = await storage.list(workspaceId, folders.shift()!);
      for (const item of items) {
        if (max !== null && visited >= max) {
          stopped = true;
          break;
        }
        visited += 1;
        const name = matcher.count(item.name);
        let content: TitularCount = { exact: 0, masked: 0 };
        if (item.isFolder) folders.push(item.path);
        else if (isTextFile(item.path)) {
          if (item.size > textFileMaxBytes) skipped += 1;
          else content = await read(workspaceId, item.path, matcher);
        }
        const fields = [...(hits(name) ? ['name'] : []), ...(hits(content) ? ['content'] : [])];
        if (fields.length > 0) {
          const count = { exact: name.exact + content.exact, masked: name.masked + content.masked };
          found.push({ item, count, fields, named: name.exact > 0, inContent: content.exact > 0 });
        }
      }
    }
    return { found, skipped, stopped };
  }

  async function read(workspaceId: string, path: string, matcher: TitularMatcher) {
    try {
      const { content } = await storage.readBytes(workspaceId, path, textFileMaxBytes);
      return matcher.count(Buffer.from(content).toString('utf8'));
    } catch (error) {
      // Gone or grown since it was listed: nothing to read.
      if (error instanceof AppError && error.statusCode < 500) return { exact: 0, masked: 0 };
      throw error;
    }
  }

  /** The text file written again with every occurrence scrubbed, at the same path. */
  async function rewrite(workspaceId: string, path: string, matcher: TitularMatcher) {
    const { content } = await storage.readBytes(workspaceId, path, textFileMaxBytes);
    const scrubbed = matcher.scrub(Buffer.from(content).toString('utf8'));
    await storage.writeBytes(workspaceId, path, Buffer.from(scrubbed), {
      overwrite: true,
      mimetype: storageMimetype(path),
    });
  }

  return {
    async search(workspaceId, matcher) {
      const { found, skipped, stopped } = await walk(workspaceId, matcher, titularScanMax);
      const tally = searchTally();
      for (const { item, count, fields } of found) {
        tally.add(count, () => ({
          id: item.path,
          at: null,
          fields,
          path: item.path,
          is_folder: item.isFolder,
        }));
      }
      return { ...tally.result, skipped, walk_stopped: stopped };
    },

    async erase(workspaceId, matcher) {
      const { found } = await walk(workspaceId, matcher, null);
      const gone: string[] = [];
      let done = 0;
      let failed = 0;
      for (const { item, named, inContent } of found.sort((a, b) =>
        a.item.path < b.item.path ? -1 : 1,
      )) {
        if (!named && !inContent) continue;
        if (gone.some((folder) => item.path.startsWith(`${folder}/`))) {
          done += 1;
          continue;
        }
        try {
          if (named) await storage.remove(workspaceId, item.path);
          else await rewrite(workspaceId, item.path, matcher);
          if (named && item.isFolder) gone.push(item.path);
          done += 1;
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          // Already gone is what was asked.
          if (error.statusCode === 404) done += 1;
          else failed += 1;
        }
      }
      return { done, failed };
    },
  };
}
