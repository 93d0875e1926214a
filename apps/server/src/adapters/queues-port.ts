import type { QueuesPort } from '@ponte/engine/ports';
import type { QueuesService } from '../modules/queues/queues.service';

/**
 * `QueuesPort` over the queues service (ADR 0033): the scope's workspace decides which queues
 * exist, and the publishing flow's name is the job's publisher.
 */
export function createQueuesPort(service: Pick<QueuesService, 'publishFromFlow'>): QueuesPort {
  return {
    publish: (scope, request) => service.publishFromFlow(scope.workspaceId, scope.flowId, request),
  };
}
