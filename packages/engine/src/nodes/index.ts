import { serviceConnectors } from '../connectors';
import type { NodeDefinition } from '../kit/define-node';
import { codeNode } from './actions/code/code.node.ts';
import { dbDeleteNode } from './actions/db-delete/db-delete.node.ts';
import { dbFindNode } from './actions/db-find/db-find.node.ts';
import { dbGetNode } from './actions/db-get/db-get.node.ts';
import { dbInsertNode } from './actions/db-insert/db-insert.node.ts';
import { dbUpdateNode } from './actions/db-update/db-update.node.ts';
import { dbUpsertNode } from './actions/db-upsert/db-upsert.node.ts';
import { ftpNode } from './actions/ftp/ftp.node.ts';
import { executeFlowNode } from './actions/execute-flow/execute-flow.node.ts';
import { httpRequestNode } from './actions/http-request/http-request.node.ts';
import { logNode } from './actions/log/log.node.ts';
import { pgpNode } from './actions/pgp/pgp.node.ts';
import { nfeNode } from './brazil/nfe/nfe.node.ts';
import { queuePublishNode } from './actions/queue-publish/queue-publish.node.ts';
import { respondWebhookNode } from './actions/respond-webhook/respond-webhook.node.ts';
import { sendEmailNode } from './actions/send-email/send-email.node.ts';
import { setNode } from './actions/set/set.node.ts';
import { sqlQueryNode } from './actions/sql-query/sql-query.node.ts';
import { storageDeleteNode } from './actions/storage/storage-delete.node.ts';
import { storageListNode } from './actions/storage/storage-list.node.ts';
import { storageReadNode } from './actions/storage/storage-read.node.ts';
import { storageWriteNode } from './actions/storage/storage-write.node.ts';
import { errorTriggerNode } from './triggers/error-trigger/error-trigger.node.ts';
import { flowTriggerNode } from './triggers/flow-trigger/flow-trigger.node.ts';
import { formTriggerNode } from './triggers/form-trigger/form-trigger.node.ts';
import { manualTriggerNode } from './triggers/manual-trigger/manual-trigger.node.ts';
import { queueTriggerNode } from './triggers/queue-trigger/queue-trigger.node.ts';
import { scheduleTriggerNode } from './triggers/schedule-trigger/schedule-trigger.node.ts';
import { webhookTriggerNode } from './triggers/webhook-trigger/webhook-trigger.node.ts';
import { conditionNode } from './flow-control/condition/condition.node.ts';
import { delayNode } from './flow-control/delay/delay.node.ts';
import { waitCallNode } from './flow-control/wait-call/wait-call.node.ts';
import { waitApprovalNode } from './flow-control/wait-approval/wait-approval.node.ts';
import { loopNode } from './flow-control/loop/loop.node.ts';
import { mergeNode } from './flow-control/merge/merge.node.ts';
import { stopNode } from './flow-control/stop/stop.node.ts';
import { switchNode } from './flow-control/switch/switch.node.ts';
import { boletoNode } from './brazil/boleto/boleto.node.ts';

/** Every built-in node type, all versions (old versions stay runnable). */
export const builtinNodes: NodeDefinition[] = [
  manualTriggerNode,
  webhookTriggerNode,
  scheduleTriggerNode,
  formTriggerNode,
  queueTriggerNode,
  flowTriggerNode,
  errorTriggerNode,
  httpRequestNode,
  codeNode,
  setNode,
  logNode,
  respondWebhookNode,
  executeFlowNode,
  sendEmailNode,
  sqlQueryNode,
  ftpNode,
  pgpNode,
  nfeNode,
  dbInsertNode,
  dbFindNode,
  dbGetNode,
  dbUpdateNode,
  dbUpsertNode,
  dbDeleteNode,
  storageWriteNode,
  storageReadNode,
  storageListNode,
  storageDeleteNode,
  boletoNode,
  queuePublishNode,
  conditionNode,
  switchNode,
  loopNode,
  delayNode,
  waitCallNode,
  waitApprovalNode,
  mergeNode,
  stopNode,
  ...serviceConnectors,
];
