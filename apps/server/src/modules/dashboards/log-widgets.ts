import type { WidgetQuery } from './widget-query';
import { WidgetQueryError } from './widget-query';

// Placeholder of the contract: replaced by the log widgets' queries before merge.
const notBuilt: WidgetQuery = async () => {
  throw new WidgetQueryError('not built');
};
export const logCountQuery: WidgetQuery = notBuilt;
export const logListQuery: WidgetQuery = notBuilt;
export const logHistogramQuery: WidgetQuery = notBuilt;
