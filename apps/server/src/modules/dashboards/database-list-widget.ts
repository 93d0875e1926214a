import type { WidgetQuery } from './widget-query';
import { WidgetQueryError } from './widget-query';

// Placeholder of the contract: replaced by the database_list query before merge.
export const databaseListQuery: WidgetQuery = async () => {
  throw new WidgetQueryError('not built');
};
