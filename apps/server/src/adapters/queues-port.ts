import type { QueuesPort } from '@ponte/engine/ports';
import { abortable } from '../lib/abortable';
import type { QueuesService } from '../modules/queues/queues.service';

/**
 * `QueuesPort` over the queues service (ADR 0033): the scope's workspace decides which queues
 * exist, and the publishing flow's name is the job's publisher. The execution's signal: an
 * aborted publish enqueues nothing; one aborted while it is written rejects at once with the
 * signal's reason (the message may still be enqueued, as a publish is one transaction).
 */
export function createQueuesPort(service: Pick<QueuesService, 'publishFromFlow'>): QueuesPort {
  return {
    publish: (scope, request, signal) =>
      abortable(signal, (s) =>
        service.publishFromFlow(scope.workspaceId, scope.flowId, request, s),
      ),
  };
}
