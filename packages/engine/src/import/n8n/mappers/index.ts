import type { MapContext, Mapped } from '../n8n-workflow';
import {
  codeNode,
  executeWorkflow,
  functionItemNode,
  functionNode,
  respondToWebhook,
} from './actions';
import { ifNode, mergeNode, noOp, splitInBatches, switchNode, waitNode } from './flow-control';
import { httpRequest } from './http-request';
import { setFields } from './set-fields';
import {
  errorTrigger,
  flowTrigger,
  formTrigger,
  manualTrigger,
  scheduleTrigger,
  webhookTrigger,
} from './triggers';

type Mapper = (context: MapContext) => Mapped;

/** n8n node types (after `n8n-nodes-base.`) the importer translates, each to its mapper. */
export const mappers: Record<string, Mapper> = {
  manualTrigger,
  start: manualTrigger,
  webhook: webhookTrigger,
  scheduleTrigger,
  cron: scheduleTrigger,
  interval: scheduleTrigger,
  errorTrigger,
  executeWorkflowTrigger: flowTrigger,
  formTrigger,
  httpRequest,
  code: codeNode,
  function: functionNode,
  functionItem: functionItemNode,
  if: ifNode,
  switch: switchNode,
  merge: mergeNode,
  set: setFields,
  wait: waitNode,
  splitInBatches,
  respondToWebhook,
  executeWorkflow,
  noOp,
};

const basePrefix = 'n8n-nodes-base.';

/** The mapper of an n8n node type, or undefined (a placeholder is made). */
export function mapperOf(type: string): Mapper | undefined {
  if (!type.startsWith(basePrefix)) return undefined;
  const name = type.slice(basePrefix.length);
  return Object.hasOwn(mappers, name) ? mappers[name] : undefined;
}
