import { errorCodes } from '@ponte/shared/errors';
import {
  maskedForm,
  maskPersonalText,
  titularNeedles,
  type TitularNeedles,
} from '@ponte/shared/lgpd/personal-data-mask';
import { titularMessages } from '@ponte/shared/lgpd/titular-messages';
import {
  titularPlaces,
  type TitularEraseResult,
  type TitularErasedPlace,
  type TitularHit,
  type TitularPlace,
  type TitularRequest,
  type TitularSearchResult,
} from '@ponte/shared/lgpd/titular.schema';
import type { Database } from '../../db/client';
import type { LgpdRequestPlaceRow } from '../../db/schema-lgpd-requests';
import { AppError, invalidField, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import type { MessageQueueDriver } from '../queues/drivers/message-queue-driver';
import type { StorageService } from '../storage/storage.service';
import { createLgpdRequestsRepository, type LgpdRequestRow } from './lgpd-requests.repository';
import { executionDataPlace, executionsPlace } from './titular-execution-places';
import { logsPlace, recordsPlace } from './titular-data-places';
import { titularMatcher, type TitularMatcher } from './titular-matcher';
import { queuesPlace } from './titular-queue-place';
import type { PlaceSearch, TitularPlaceHandler } from './titular-scan';
import { storagePlace } from './titular-storage-place';

export interface TitularServiceDeps {
  db: Database;
  now: () => Date;
  messageDriver: MessageQueueDriver;
  storage: StorageService;
}

const m = titularMessages;
type Searched = Record<TitularPlace, PlaceSearch>;

function needlesOf(query: string): TitularNeedles {
  const needles = titularNeedles(query);
  if (!needles) throw invalidField('query', m.queryInvalid);
  return needles;
}

/** A text of a hit as records and reports keep it: personal data masked, the titular's too. */
function maskedText(matcher: TitularMatcher, text: string): string {
  const masked = maskPersonalText(text);
  return matcher.count(masked).exact > 0 ? matcher.scrub(masked) : masked;
}

function maskedHit(matcher: TitularMatcher, hit: TitularHit): TitularHit {
  const mask = (text: string | undefined) =>
    text === undefined ? undefined : maskedText(matcher, text);
  return Object.fromEntries(
    Object.entries({
      ...hit,
      id: mask(hit.id)!,
      path: mask(hit.path),
      flow_name: mask(hit.flow_name),
      table_name: mask(hit.table_name),
      queue_name: mask(hit.queue_name),
    }).filter(([, value]) => value !== undefined),
  ) as TitularHit;
}

const total = (searched: Searched) =>
  titularPlaces.reduce((sum, place) => sum + searched[place].found, 0);

/** What a request keeps of a place's search: its counts and its first hits, masked. */
function placeRow(matcher: TitularMatcher, place: TitularPlace, found: PlaceSearch) {
  return {
    place,
    ...found,
    items: found.items.map((hit) => maskedHit(matcher, hit)),
  } satisfies LgpdRequestPlaceRow;
}

/** An erasure's answer for a place: what was found, done, and what the search after found. */
const erasedPlace = ({ place, found, masked, done, after, kept }: TitularErasedPlace) => ({
  place,
  found,
  masked,
  done,
  after,
  kept,
});

export const toTitularRequest = (row: LgpdRequestRow): TitularRequest => ({
  _id: row.id,
  kind: row.kind,
  created_at: toIso(row.createdAt),
  user_id: row.userId,
  user_name: row.userName,
  titular_kind: row.titularKind,
  titular_masked: row.titularMasked,
  places: row.places.map(({ place, found, masked, done, after, kept }) => ({
    place,
    found,
    masked,
    ...(done === undefined ? {} : { done }),
    ...(after === undefined ? {} : { after }),
    ...(kept === undefined ? {} : { kept }),
  })),
});

/**
 * A titular's search and erasure across the workspace's places (docs/adr/0124), each request
 * recorded in `lgpd_requests` with who asked and the value masked, never whole.
 */
export function createTitularService({ db, now, messageDriver, storage }: TitularServiceDeps) {
  const requests = createLgpdRequestsRepository(db);
  const places: Record<TitularPlace, TitularPlaceHandler> = {
    executions: executionsPlace(db, false),
    forms: executionsPlace(db, true),
    execution_data: executionDataPlace(db),
    logs: logsPlace(db),
    records: recordsPlace(db),
    queues: queuesPlace(db, messageDriver),
    storage: storagePlace(storage),
  };

  async function searchAll(workspaceId: string, matcher: TitularMatcher): Promise<Searched> {
    const found = await Promise.all(
      titularPlaces.map((place) => places[place].search(workspaceId, matcher)),
    );
    return Object.fromEntries(titularPlaces.map((place, i) => [place, found[i]!])) as Searched;
  }

  return {
    async search(workspaceId: string, userId: string, query: string): Promise<TitularSearchResult> {
      const needles = needlesOf(query);
      const matcher = titularMatcher(needles);
      const found = await searchAll(workspaceId, matcher);
      const valueMasked = maskedForm(needles.kind, needles.value);
      const request = await requests.create(
        workspaceId,
        {
          kind: 'search',
          userId,
          titularKind: needles.kind,
          titularMasked: valueMasked,
          places: titularPlaces.map((place) => placeRow(matcher, place, found[place])),
        },
        now(),
      );
      return {
        request_id: request.id,
        kind: needles.kind,
        value_masked: valueMasked,
        places: titularPlaces.map((place) => ({ place, ...found[place] })),
        total: total(found),
      };
    },

    /**
     * Erases every hit, place by place, once a search run now finds the counts the person
     * confirmed (else 409: something changed since); then searches again and records both.
     */
    async erase(
      workspaceId: string,
      userId: string,
      query: string,
      confirm: Partial<Record<TitularPlace, number>>,
    ): Promise<TitularEraseResult> {
      const needles = needlesOf(query);
      const matcher = titularMatcher(needles);
      const before = await searchAll(workspaceId, matcher);
      if (titularPlaces.some((place) => (confirm[place] ?? 0) !== before[place].found)) {
        throw new AppError(409, errorCodes.titularChanged, m.changed);
      }
      const done: Partial<Record<TitularPlace, number>> = {};
      for (const place of titularPlaces) {
        if (before[place].found === 0) continue;
        done[place] = (await places[place].erase(workspaceId, matcher)).done;
      }
      const after = await searchAll(workspaceId, matcher);
      const rows = titularPlaces.map((place) => ({
        ...placeRow(matcher, place, before[place]),
        done: done[place] ?? 0,
        after: after[place].found,
        kept: after[place].masked,
      }));
      const request = await requests.create(
        workspaceId,
        {
          kind: 'erasure',
          userId,
          titularKind: needles.kind,
          titularMasked: maskedForm(needles.kind, needles.value),
          places: rows,
        },
        now(),
      );
      return {
        request_id: request.id,
        places: rows.map(erasedPlace),
        total_after: total(after),
      };
    },

    async list(workspaceId: string, options: { page: number; limit: number }) {
      const { items, total: count } = await requests.list(workspaceId, options);
      return { items: items.map(toTitularRequest), total: count };
    },

    /** A request's row, for its report; another workspace's or none: 404. */
    async request(workspaceId: string, id: string): Promise<LgpdRequestRow> {
      const row = await requests.find(workspaceId, id);
      if (!row) throw notFound(m.requestNotFound);
      return row;
    },
  };
}

export type TitularService = ReturnType<typeof createTitularService>;
