import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Resolver } from '../../adapters/outbound-http/guarded-agent';
import type { NetworkGuard } from '../../adapters/outbound-http/network-guard';
import { urlRefusal } from '../../adapters/outbound-http/url-refusal';
import type { Database } from '../../db/client';
import type { VersionsService } from '../versions/versions.service';
import { alertRuleActionsRoutes, alertRulesRoutes } from './alert-rules.routes';
import { createAlertRulesService } from './alert-rules.service';

/** The alert rules' routes, in the authenticated /api/v1 scope (docs/adr/0050). */
export async function registerAlertRules(
  api: FastifyInstance,
  deps: {
    db: Database;
    now: () => Date;
    log: FastifyBaseLogger;
    /** The log watch reads the rules again (after a save or a removal). */
    onChange: () => Promise<void>;
    /** The one network guard, asked at save time about webhook URLs. */
    network: { guard: NetworkGuard; resolver?: Resolver };
    /** Whether PONTE_SMTP_URL is set ('Servidor SMTP da instância' is offered only then). */
    instanceSmtp: boolean;
    versions: VersionsService;
  },
) {
  const { versions } = deps;
  const service = createAlertRulesService({
    db: deps.db,
    versions,
    onChange: deps.onChange,
    urlRefusal: (url) => urlRefusal(deps.network, url),
    instanceSmtp: deps.instanceSmtp,
    onError: (error) => deps.log.error({ err: error }, 'falha ao recarregar as regras de alerta'),
  });
  await api.register(alertRulesRoutes, { service, versions, instanceSmtp: deps.instanceSmtp });
  await api.register(alertRuleActionsRoutes, { service, versions });
}
