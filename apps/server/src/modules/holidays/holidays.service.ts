import { errorCodes } from '@ponte/shared/errors';
import type { Holiday, HolidayList } from '@ponte/shared/holidays.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/unique-violation';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import {
  createHolidaysRepository,
  type HolidayInput,
  type HolidayRow,
  type ListOptions,
} from './holidays.repository';
import { dayKey, readHolidaysCsv } from './holidays-csv';

export interface HolidaysServiceDeps {
  db: Database;
  now: () => Date;
}

const m = messages.holidays;

const toHoliday = (row: HolidayRow): Holiday => ({
  _id: row.id,
  date: row.date,
  name: row.name,
  recurring: row.recurring,
  workspace: row.workspaceId,
  created_at: toIso(row.createdAt),
  updated_at: toIso(row.updatedAt),
  created_by: row.createdBy,
  updated_by: row.updatedBy,
});

/** The unique indexes decide: two concurrent saves of one day cannot both win. */
const duplicates: Record<string, string> = {
  workspace_holidays_date_unique: m.dateTaken,
  workspace_holidays_month_day_unique: m.recurringTaken,
};

async function uniqueDay<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const message = duplicates[uniqueViolation(error) ?? ''];
    if (message) throw conflict('date', message);
    throw error;
  }
}

/** Who saves: the session's user (`by`), kept as created_by / updated_by. */
export function createHolidaysService({ db, now }: HolidaysServiceDeps) {
  const repository = createHolidaysRepository(db);
  const missing = (id: string) => notFound(m.notFound, { kind: 'holiday', id });

  return {
    async list(workspaceId: string, options: ListOptions): Promise<HolidayList> {
      const { items, total } = await repository.list(workspaceId, options);
      return { items: items.map(toHoliday), total };
    },

    async get(workspaceId: string, id: string): Promise<Holiday> {
      const row = await repository.find(workspaceId, id);
      if (!row) throw missing(id);
      return toHoliday(row);
    },

    async create(workspaceId: string, input: HolidayInput, by: string | null): Promise<Holiday> {
      if ((await repository.count(workspaceId)) >= limits.holidaysMax) {
        throw new AppError(429, errorCodes.rateLimited, m.limitReached(limits.holidaysMax));
      }
      return toHoliday(await uniqueDay(() => repository.create(workspaceId, input, by, now())));
    },

    async update(
      workspaceId: string,
      id: string,
      input: HolidayInput,
      by: string | null,
    ): Promise<Holiday> {
      const row = await uniqueDay(() => repository.update(workspaceId, id, input, by, now()));
      if (!row) throw missing(id);
      return toHoliday(row);
    },

    /**
     * Adds the holidays of a CSV (`readHolidaysCsv`) in one transaction; those on a day the
     * workspace already has one are skipped, so importing the same sheet again adds nothing.
     */
    async importCsv(workspaceId: string, csv: string, by: string | null) {
      const holidays = readHolidaysCsv(csv);
      return uniqueDay(() =>
        db.transaction(async (tx) => {
          const repo = createHolidaysRepository(tx);
          const taken = new Set((await repo.allDays(workspaceId)).map(dayKey));
          const fresh = holidays.filter((holiday) => !taken.has(dayKey(holiday)));
          if (taken.size + fresh.length > limits.holidaysMax) {
            throw new AppError(429, errorCodes.rateLimited, m.limitReached(limits.holidaysMax));
          }
          await repo.createMany(workspaceId, fresh, by, now());
          return { created: fresh.length, skipped: holidays.length - fresh.length };
        }),
      );
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await repository.remove(workspaceId, id))) throw missing(id);
    },
  };
}

export type HolidaysService = ReturnType<typeof createHolidaysService>;
