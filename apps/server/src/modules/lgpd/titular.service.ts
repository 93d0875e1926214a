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
  type TitularHit,
  type TitularPlace,
  type TitularRequest,
  type TitularSearchResult,
} from '@ponte/shared/lgpd/titular.schema';
import type { FastifyBaseLogger } from 'fastify';
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
  /** Where a place's failed erasure is told in full (the request keeps a pt-BR text only). */
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Who asked: the person (an API token's creator, '' once that person is gone) and, for a
 * request made with an API token, the token's name.
 */
export interface TitularRequester {
  userId: string;
  apiKey?: { name: string };
}

const m = titularMessages;
type Searched = Record<TitularPlace, PlaceSearch>;

/** What the erasure did in one place; `error` when it stopped on one. */
interface PlaceErased {
  done: number;
  failed: number;
  error?: string;
}

/** The search stopped before the place's end: what it counted is not all there may be. */
const stoppedEarly = (search: PlaceSearch) => search.truncated || search.walk_stopped === true;

/** The request's author as kept: a gone person is null (the column's FK), a token named. */
const requesterOf = (requester: TitularRequester) => ({
  userId: requester.userId || null,
  ...(requester.apiKey ? { userName: m.requesterToken(requester.apiKey.name) } : {}),
});

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

/** The places a service searches and erases, and where it tells what failed. */
interface PlacesOf {
  places: Record<TitularPlace, TitularPlaceHandler>;
  log?: TitularServiceDeps['log'];
}

/**
 * Erases place by place every place where the search found hits or stopped before its end
 * (what it did not read may hold some); a place that fails is told and the others go on.
 */
async function eraseEach(
  { places, log }: PlacesOf,
  workspaceId: string,
  matcher: TitularMatcher,
  before: Searched,
) {
  const erased = {} as Record<TitularPlace, PlaceErased>;
  for (const place of titularPlaces) {
    erased[place] = { done: 0, failed: 0 };
    if (before[place].found === 0 && !stoppedEarly(before[place])) continue;
    try {
      erased[place] = await places[place].erase(workspaceId, matcher);
    } catch (error) {
      log?.error({ err: error, place }, 'LGPD: a exclusão de um lugar falhou');
      erased[place].error = m.eraseFailed;
    }
  }
  return erased;
}

/** What the search after an erasure found in a place: `masked`, the traces kept on purpose. */
interface After {
  found: number;
  masked: number;
  error?: string;
}

/** The search after an erasure, place by place: one that fails keeps its count before. */
async function searchAfter(
  { places, log }: PlacesOf,
  workspaceId: string,
  matcher: TitularMatcher,
  before: Searched,
) {
  const settled = await Promise.allSettled(
    titularPlaces.map((place) => places[place].search(workspaceId, matcher)),
  );
  return Object.fromEntries(
    titularPlaces.map((place, i) => {
      const outcome = settled[i]!;
      if (outcome.status === 'fulfilled')
        return [place, { found: outcome.value.found, masked: outcome.value.masked }];
      log?.error({ err: outcome.reason, place }, 'LGPD: a busca depois da exclusão falhou');
      return [place, { found: before[place].found, masked: 0, error: m.afterFailed }];
    }),
  ) as Record<TitularPlace, After>;
}

/** What an erasure did in each place, as answered and recorded. */
function erasedPlaces(
  before: Searched,
  erased: Record<TitularPlace, PlaceErased>,
  after: Record<TitularPlace, After>,
) {
  return titularPlaces.map((place) => {
    const error = erased[place].error ?? after[place].error;
    return {
      place,
      found: before[place].found,
      masked: before[place].masked,
      done: erased[place].done,
      failed: erased[place].failed,
      after: after[place].found,
      // Of `after`, the masked traces: kept on purpose (they may be another person's).
      kept: after[place].masked,
      stopped_early: stoppedEarly(before[place]),
      ...(error === undefined ? {} : { error }),
    };
  });
}

export const toTitularRequest = (row: LgpdRequestRow): TitularRequest => ({
  _id: row.id,
  kind: row.kind,
  created_at: toIso(row.createdAt),
  user_id: row.userId,
  user_name: row.userName,
  titular_kind: row.titularKind,
  titular_masked: row.titularMasked,
  places: row.places.map((row) => placeOfRequest(row)),
});

/** A recorded place as the history lists it: only the parts the request has. */
const placeOfRequest = ({
  place,
  found,
  masked,
  done,
  failed,
  after,
  kept,
  stopped_early,
  error,
}: LgpdRequestPlaceRow) => ({
  place,
  found,
  masked,
  ...(done === undefined ? {} : { done }),
  ...(failed === undefined ? {} : { failed }),
  ...(after === undefined ? {} : { after }),
  ...(kept === undefined ? {} : { kept }),
  ...(stopped_early === undefined ? {} : { stopped_early }),
  ...(error === undefined ? {} : { error }),
});

/**
 * A titular's search and erasure across the workspace's places (docs/adr/0124), each request
 * recorded in `lgpd_requests` with who asked and the value masked, never whole.
 */
export function createTitularService({ db, now, messageDriver, storage, log }: TitularServiceDeps) {
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
    async search(
      workspaceId: string,
      requester: TitularRequester,
      query: string,
    ): Promise<TitularSearchResult> {
      const needles = needlesOf(query);
      const matcher = titularMatcher(needles);
      const found = await searchAll(workspaceId, matcher);
      const valueMasked = maskedForm(needles.kind, needles.value);
      const request = await requests.create(
        workspaceId,
        {
          kind: 'search',
          ...requesterOf(requester),
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
     * confirmed (else 409: something changed since); then searches again and records both,
     * what each place did and where it failed, even when some did.
     */
    async erase(
      workspaceId: string,
      requester: TitularRequester,
      query: string,
      confirm: Partial<Record<TitularPlace, number>>,
    ): Promise<TitularEraseResult> {
      const needles = needlesOf(query);
      const matcher = titularMatcher(needles);
      const before = await searchAll(workspaceId, matcher);
      if (titularPlaces.some((place) => (confirm[place] ?? 0) !== before[place].found)) {
        throw new AppError(409, errorCodes.titularChanged, m.changed);
      }
      const erased = await eraseEach({ places, log }, workspaceId, matcher, before);
      const after = await searchAfter({ places, log }, workspaceId, matcher, before);
      const results = erasedPlaces(before, erased, after);
      const request = await requests.create(
        workspaceId,
        {
          kind: 'erasure',
          ...requesterOf(requester),
          titularKind: needles.kind,
          titularMasked: maskedForm(needles.kind, needles.value),
          places: results.map((result) => ({
            ...placeRow(matcher, result.place, before[result.place]),
            ...result,
          })),
        },
        now(),
      );
      return {
        request_id: request.id,
        places: results,
        total_after: results.reduce((sum, result) => sum + result.after, 0),
        failed_places: titularPlaces.filter((place) => erased[place].error !== undefined),
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
