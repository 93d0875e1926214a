import { eq } from 'drizzle-orm';
import { defineModule, roles } from '../../container/server-module';
import { flows } from '../../db/schema';
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
  needs: ['db', 'now', 'log', 'config', 'engine', 'publicUrl'],
  provides: ['hookRegistrations'],
  tables: ['service_hook_registrations', 'service_hook_events'],
  create({ db, now, log, config, engine }) {
    const hookRegistrations = createHookRegistrations({
      db,
      now,
      engine,
      box: createSecretBox(config.encryptionKey),
      onError: (error, context) =>
        log.warn({ err: error, ...context }, 'falha ao mudar o registro de um gatilho no serviço'),
    });
    return { hookRegistrations };
  },
  tasks: ({ db, log, hookRegistrations, publicUrl }) => {
    if (!publicUrl) return [];
    let pass: Promise<void> | null = null;
    const flowOf = async (flowId: string) => {
      const [row] = await db
        .select({ enabled: flows.enabled, data: flows.data })
        .from(flows)
        .where(eq(flows.id, flowId));
      return row;
    };
    return [
      {
        // The registrations made at another public address, made again at PONTE_PUBLIC_URL's.
        name: 'novo endereço dos gatilhos registrados',
        runsOn: roles.work,
        start() {
          pass = hookRegistrations
            .readdress(publicUrl, flowOf)
            .catch((error: unknown) =>
              log.error({ err: error }, 'falha ao registrar os gatilhos no novo endereço'),
            );
        },
        async stop() {
          await pass;
        },
      },
    ];
  },
});
