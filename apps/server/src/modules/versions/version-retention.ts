import { createPeriodicTask } from '../../lib/periodic-task';
import type { VersionsService } from './versions.service';

const dayMs = 24 * 60 * 60 * 1000;

export interface VersionRetentionOptions {
  versions: Pick<VersionsService, 'pruneAll'>;
  /** How often; the first pass runs at start (default: once a day). */
  intervalMs?: number;
  onError: (error: unknown) => void;
  onRemoved?: (count: number) => void;
}

/**
 * The daily pass of the workspaces' retention of versions (docs/adr/0103): a save prunes its own
 * item, this pass the items nobody saved lately, whose versions grow older than the days kept
 * (or outnumber the count, after the setting changed). The current version always stays.
 */
export function createVersionRetention(options: VersionRetentionOptions) {
  return createPeriodicTask(
    async () => {
      const count = await options.versions.pruneAll();
      if (count > 0) options.onRemoved?.(count);
      return count;
    },
    { intervalMs: options.intervalMs ?? dayMs, onError: options.onError },
  );
}
