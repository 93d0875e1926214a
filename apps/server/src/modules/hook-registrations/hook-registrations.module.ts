import { defineModule } from '../../container/server-module';
import { createSecretBox } from '../../lib/secret-box';
import { createHookRegistrations, type HookRegistrations } from './hook-registrations.service';

declare module '../../container/provided' {
  interface Provided {
    /** Service triggers' addresses registered at their services (docs/adr/0091). */
    hookRegistrations: HookRegistrations;
  }
}

/**
 * The registrations of service triggers' addresses at their services, made by the process that
 * saves the flow (docs/adr/0091), and the event keys their deliveries claimed.
 */
export const hookRegistrationsModule = defineModule({
  name: 'hook-registrations',
  needs: ['db', 'now', 'log', 'config', 'engine'],
  provides: ['hookRegistrations'],
  tables: ['service_hook_registrations', 'service_hook_events'],
  create({ db, now, log, config, engine }) {
    const hookRegistrations = createHookRegistrations({
      db,
      now,
      engine,
      box: createSecretBox(config.encryptionKey),
      onError: (error, context) =>
        log.warn(
          { err: error, ...context },
          'falha ao remover o registro de um gatilho no serviço',
        ),
    });
    return { hookRegistrations };
  },
});
