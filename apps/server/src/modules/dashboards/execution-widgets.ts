import type { WidgetQuery } from './widget-query';
import { WidgetQueryError } from './widget-query';

// Placeholder of the contract: replaced by the execution widgets' queries before merge.
const notBuilt: WidgetQuery = async () => {
  throw new WidgetQueryError('not built');
};
export const executionCountQuery: WidgetQuery = notBuilt;
export const executionHistogramQuery: WidgetQuery = notBuilt;
export const executionTimeQuery: WidgetQuery = notBuilt;
