import { resolveViewPeriod, resolveWidgetPeriod } from '@ponte/shared/dashboard-periods';
import type { ViewPeriod, Widget, WidgetPeriodType } from '@ponte/shared/dashboards.schema';
import type { DateAlias } from '@ponte/shared/monitoring.schema';
import {
  completedExecutionsUrl,
  logsPageUrl,
  toSaoPauloOffsetDateTime,
} from '../../lib/monitoring-links';

/** Periods the logs page has as its own aliases: they keep rolling there as they do here. */
const aliases: Partial<Record<WidgetPeriodType, DateAlias>> = {
  '1_day': '1d',
  '7_day': '7d',
  '15_day': '15d',
  all: '1000d',
};

/**
 * Where a widget's figure leads (beyond the spec, docs/adr/0049): a log_count opens the logs
 * page with its search, flow and period; an execution_count opens the completed executions.
 * Other widgets lead nowhere (null).
 */
export function widgetMonitoringLink(
  widget: Widget,
  view: ViewPeriod,
  now = new Date(),
): string | null {
  if (widget.type === 'execution_count') return completedExecutionsUrl;
  if (widget.type !== 'log_count') return null;
  const { config } = widget;
  const type = config.periodType === 'dashboard' ? view.periodType : config.periodType;
  const alias = aliases[type];
  const base = { search: config.search_term, flow: config.flow_id ?? undefined };
  if (alias) return logsPageUrl({ ...base, date_alias: alias });
  const period = resolveWidgetPeriod(config, resolveViewPeriod(view, now), now);
  return logsPageUrl({
    ...base,
    from: toSaoPauloOffsetDateTime(period.start),
    to: toSaoPauloOffsetDateTime(period.end),
  });
}
