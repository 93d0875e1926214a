import { formsConfig } from './forms.config';
import { limits } from '@ponte/shared/limits';
import { defineModule, roles } from '../../container/server-module';
import { workspaceIds } from '../../lib/workspace-ids';
import type { WebhookRateLimit } from '../triggers/triggers.config';
import { createUploadRetention } from '../triggers/manual-uploads';
import { createPinThrottle } from './form-pin-throttle';
import { formsPublicRoutes } from './forms-public.routes';
import { createFormsPublicService, formUploadsFolder } from './forms-public.service';
import { formsRoutes } from './forms.routes';
import { createFormsService } from './forms.service';
import { formsAccess } from './forms.access';

export interface FormsOptions {
  /** PONTE_FORM_RESULT_TIMEOUT_SECONDS in ms: how long a form waits for its flow's result. */
  formResultTimeoutMs?: number;
  /** PONTE_FORM_UPLOAD_RETENTION_DAYS: days a form upload is kept after its day ends. */
  formUploadRetentionDays?: number;
  /** PONTE_WEBHOOK_RATE_LIMIT_PER_ADDRESS: also the submissions per minute per address. */
  webhookRateLimit?: WebhookRateLimit;
  /** The clock of the PIN throttle (tests move it). */
  now?: () => Date;
}

/**
 * The workspace's forms and their public pages (docs/adr/0038): the page, its definition and
 * the submissions, no session; their uploads kept PONTE_FORM_UPLOAD_RETENTION_DAYS.
 */
export const formsModule = defineModule({
  name: 'forms',
  access: formsAccess,
  needs: ['db', 'now', 'log', 'storage', 'resolveSession', 'runner', 'config', 'versions'],
  provides: [],
  config: [formsConfig],
  tables: ['forms'],
  create: (_parts, _options: FormsOptions) => ({}),
  routes: {
    api: (api, { db, versions }) =>
      api.register(formsRoutes, { service: createFormsService({ db, versions }), versions }),
    public: (app, { db, storage, resolveSession, runner, config }, options) =>
      app.register(formsPublicRoutes, {
        prefix: '/engine',
        webDist: config.webDist,
        service: createFormsPublicService({
          db,
          pins: createPinThrottle(options.now ? { now: () => options.now!().getTime() } : {}),
          resolveSession,
          storage,
          enqueue: (request) => runner.enqueue(request),
          ...(options.now ? { now: options.now } : {}),
          ...(options.formResultTimeoutMs ? { resultTimeoutMs: options.formResultTimeoutMs } : {}),
          ...(options.webhookRateLimit
            ? { submitsPerMinute: options.webhookRateLimit.perAddress }
            : {}),
        }),
      }),
  },
  tasks: ({ db, now, log, storage }, options) => [
    {
      // Form uploads (/envios-formularios), PONTE_FORM_UPLOAD_RETENTION_DAYS after their day ends.
      name: 'retenção dos arquivos de formulários',
      runsOn: roles.work,
      ...createUploadRetention({
        storage,
        workspaces: () => workspaceIds(db),
        folder: formUploadsFolder,
        now,
        maxAgeMs: (options.formUploadRetentionDays ?? limits.formUploadRetentionDays) * 86_400_000,
        onError: (error) =>
          log.error({ err: error }, 'falha ao apagar arquivos antigos de formulários'),
        onRemoved: (count) => log.info({ count }, 'arquivos antigos de formulários apagados'),
      }),
    },
  ],
});
