import type { Period } from '@ponte/shared/dashboard-periods';
import type { WidgetQueryItem, WidgetResult } from '@ponte/shared/dashboards.schema';
import type { Database } from '../../db/client';
import type { GroupLimit } from '../../lib/group-access/group-scope';

/**
 * What one widget's query gets (docs/adr/0046): the workspace it is scoped to, its resolved
 * period (`start <= time < end + 1 s`), the page a list widget shows, and the clock.
 */
export interface WidgetQueryContext {
  db: Database;
  workspaceId: string;
  period: Period;
  /** List widgets: the page asked in `widgetUserOptions` (1 unless told). */
  page: number;
  now: Date;
  /** The caller's groups when limited to some (docs/adr/0109): only their flows and tables. */
  within?: GroupLimit;
}

/** A query of one widget type. A refusal the user can act on throws `WidgetQueryError`. */
export type WidgetQuery = (
  context: WidgetQueryContext,
  item: WidgetQueryItem,
) => Promise<WidgetResult>;

/** A widget's query refused with a pt-BR text shown in the widget (the others still answer). */
export class WidgetQueryError extends Error {}

/** The period's end as the exclusive bound the queries use: one second after `end`. */
export const periodEndExclusive = (period: Period): Date => new Date(period.end.getTime() + 1000);
