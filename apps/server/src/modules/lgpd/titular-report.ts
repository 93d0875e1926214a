import { eq } from 'drizzle-orm';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { titularKindNames } from '@ponte/shared/lgpd/personal-data-mask';
import { describeHit, hitFields } from '@ponte/shared/lgpd/titular-hits';
import { titularMessages } from '@ponte/shared/lgpd/titular-messages';
import {
  titularScanMax,
  titularTextFileMaxBytes as textFileMaxBytes,
} from '@ponte/shared/lgpd/titular.schema';
import type { Database } from '../../db/client';
import type { LgpdRequestPlaceRow } from '../../db/schema-lgpd-requests';
import { workspaces } from '../../db/schema';
import type { LgpdRequestRow } from './lgpd-requests.repository';

const m = titularMessages;

export interface TitularReportPlace {
  name: string;
  found: number;
  masked: number;
  /** Erasure: what was done, how many, and the search after it. */
  action?: string;
  done?: number;
  after?: number;
  /** Erasure: of `after`, the masked traces kept on purpose (they may be another person's). */
  kept?: number;
  items: { what: string; where: string; at: string; masked: boolean }[];
  /** 'e mais N', the limits the search met. */
  notes: string[];
}

/** A request as its reports (CSV, PDF) say it; the titular's value is masked. */
export interface TitularReport {
  title: string;
  workspace: string;
  kind: string;
  at: string;
  by: string;
  titular: string;
  places: TitularReportPlace[];
  erasure: boolean;
  /** Erasure: hits the search after it found in every place (0 when all went). */
  totalAfter: number;
}

/** What an erasure's place says besides its counts: an early stop, items left, an error. */
function erasureNotes(place: LgpdRequestPlaceRow): string[] {
  const whole = place.error === m.eraseFailed ? m.notErasedWhole : m.erasedWhole;
  return [
    ...(place.stopped_early ? [whole] : []),
    ...(place.failed ? [m.notRemoved(place.failed)] : []),
    ...(place.error ? [place.error] : []),
  ];
}

/** The report of a request (its row and the workspace's name; dates at São Paulo). */
export async function titularReport(db: Database, row: LgpdRequestRow): Promise<TitularReport> {
  const [workspace] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, row.workspaceId));
  const erasure = row.kind === 'erasure';
  return {
    title: m.reportTitle,
    workspace: workspace?.name ?? '',
    kind: m.kinds[row.kind],
    at: formatDateTimeMinutes(row.createdAt),
    by: row.userName,
    titular: `${titularKindNames[row.titularKind]} ${row.titularMasked}`,
    erasure,
    totalAfter: row.places.reduce((sum, place) => sum + (place.after ?? 0), 0),
    places: row.places.map((place) => ({
      name: m.places[place.place],
      found: place.found,
      masked: place.masked,
      ...(erasure
        ? {
            action: m.actions[place.place],
            done: place.done ?? 0,
            after: place.after ?? 0,
            kept: place.kept ?? 0,
          }
        : {}),
      items: place.items.map((hit) => ({
        what: describeHit(place.place, hit),
        where: hitFields(place.place, hit),
        at: hit.at ? formatDateTimeMinutes(hit.at) : '',
        masked: hit.masked,
      })),
      notes: [
        ...(place.found > place.items.length ? [m.more(place.found - place.items.length)] : []),
        ...(place.truncated ? [m.truncated(titularScanMax)] : []),
        ...(place.skipped ? [m.skippedFiles(place.skipped, textFileMaxBytes / 1024 / 1024)] : []),
        ...(place.walk_stopped ? [m.walkStopped(titularScanMax)] : []),
        ...(erasure ? erasureNotes(place) : []),
      ],
    })),
  };
}

/** `atendimento-titular-{busca|exclusao}-{yyyy-mm-dd}.{ext}`, the day at São Paulo. */
export function reportFilename(row: LgpdRequestRow, extension: 'csv' | 'pdf'): string {
  const day = formatDateTimeMinutes(row.createdAt).slice(0, 10).split('/').reverse().join('-');
  return `atendimento-titular-${row.kind === 'search' ? 'busca' : 'exclusao'}-${day}.${extension}`;
}
