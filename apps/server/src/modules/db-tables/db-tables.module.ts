import { defineModule } from '../../container/server-module';
import { dbTablesRoutes } from './db-tables.routes';
import { createDbTablesService } from './db-tables.service';
import { createRecordsExport } from './records-csv';
import { recordsRoutes } from './records.routes';
import { createRecordsService } from './records.service';
import { dbTablesAccess } from './db-tables.access';

/** The workspace's database tables and their records (CSV export for a pt-BR Excel). */
export const dbTablesModule = defineModule({
  name: 'db-tables',
  access: dbTablesAccess,
  needs: ['db', 'now', 'versions'],
  provides: [],
  tables: ['db_tables', 'db_records'],
  create: () => ({}),
  routes: {
    api: async (api, { db, now, versions }) => {
      const service = createDbTablesService({ db, versions });
      await api.register(dbTablesRoutes, { service, versions });
      await api.register(recordsRoutes, {
        service: createRecordsService({ db, now }),
        exporter: createRecordsExport(db, now),
      });
    },
  },
});
