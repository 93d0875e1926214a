import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
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
  },
) {
  const service = createAlertRulesService({
    db: deps.db,
    now: deps.now,
    onChange: deps.onChange,
    onError: (error) => deps.log.error({ err: error }, 'falha ao recarregar as regras de alerta'),
  });
  await api.register(alertRulesRoutes, { service });
  await api.register(alertRuleActionsRoutes, { service });
}
