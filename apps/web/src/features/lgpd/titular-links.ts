import type { TitularHit, TitularPlace } from '@ponte/shared/lgpd/titular.schema';
import { executionInEditorUrl } from '../../lib/execution-links';
import { toSaoPauloOffsetDateTime } from '../../lib/monitoring-links';

/** The logs of the line's execution, a minute either side of its time. */
function logLineUrl(hit: TitularHit): string {
  const at = hit.at ? new Date(hit.at).getTime() : null;
  const filters = {
    ...(at === null
      ? { date_alias: '1000d' }
      : {
          date_alias: 'custom',
          from: toSaoPauloOffsetDateTime(new Date(at - 60_000)),
          to: toSaoPauloOffsetDateTime(new Date(at + 60_000)),
        }),
    ...(hit.execution_id ? { execution_id: hit.execution_id } : {}),
  };
  return `/monitoring?filters=${encodeURIComponent(JSON.stringify(filters))}`;
}

/** The folder a Storage hit is in (a folder: itself). */
function storageUrl(hit: TitularHit): string {
  const path = hit.path ?? hit.id;
  const folder = hit.is_folder ? path : path.slice(0, path.lastIndexOf('/')) || '/';
  return folder === '/' ? '/storage' : `/storage?path=${encodeURIComponent(folder)}`;
}

/** Where a hit opens in the app; null when it names nothing to open. */
export function titularHitUrl(place: TitularPlace, hit: TitularHit): string | null {
  switch (place) {
    case 'executions':
    case 'forms':
    case 'execution_data':
      return hit.flow_id ? executionInEditorUrl(hit.flow_id, hit.execution_id ?? hit.id) : null;
    case 'logs':
      return logLineUrl(hit);
    case 'records':
      return `/database/entities/edit/${encodeURIComponent(hit.id)}`;
    case 'queues':
      return hit.queue_id ? `/queues/view/${encodeURIComponent(hit.queue_id)}` : null;
    case 'storage':
      return storageUrl(hit);
  }
}
