import { defineModule } from '../../container/server-module';
import { lgpdAccess } from './lgpd.access';
import { lgpdRoutes } from './lgpd.routes';
import { createTitularService } from './titular.service';

/**
 * The LGPD's answers to a titular (docs/adr/0124): find a CPF, CNPJ, e-mail or phone across the
 * workspace, erase it, and the record and reports of every request.
 */
export const lgpdModule = defineModule({
  name: 'lgpd',
  access: lgpdAccess,
  needs: ['db', 'now', 'log', 'messageDriver', 'storage'],
  provides: [],
  tables: ['lgpd_requests'],
  create: () => ({}),
  routes: {
    api: (api, { db, now, log, messageDriver, storage }) =>
      api.register(lgpdRoutes, {
        db,
        titulars: createTitularService({ db, now, log, messageDriver, storage }),
      }),
  },
});
