import type { EngineEvent } from '@ponte/engine/executor/events';
import { formatDateTime } from '@ponte/shared/format';
import type { LogEntry } from '../logs/log-writer';

/** How a node reads in a log line: its label, else its type's label in the library. */
export type NodeNamer = (nodeUid: string, nodeType: string) => string;

/** Without a flow or a library at hand: no type id reaches a person. */
const unnamedNode: NodeNamer = () => 'Conector';

type NodeFailed = Extract<EngineEvent, { type: 'node_failed' }>;

/** ', tentativa 2 de 4' for a node that tries again on failures. */
function attemptOf({ attempt, retry }: NodeFailed): string {
  if (!attempt) return '';
  return retry ? `, tentativa ${attempt} de ${retry.of}` : `, tentativa ${attempt}`;
}

/** What happens after the failure, as the node's 'Em caso de erro' said. */
function afterFailure({ handled, retry, continued }: NodeFailed): string {
  if (retry) return `. Nova tentativa em ${formatDateTime(retry.at)}.`;
  if (continued) return ' (seguiu com a entrada)';
  return handled ? ' (enviado à saída de erro)' : '';
}

/**
 * The log lines an engine event becomes (DESIGN.md §5): `internal` ones for the start, each
 * node, errors and the end (whose message is JSON with `execution_time`), and the `user` and
 * `debug` lines the flow writes, and a `debug` line with the message of each output the
 * debugger holds. Internal lines name a node through `nameOf`, never by its type id.
 */
export function logsOf(
  event: EngineEvent,
  workspaceId: string,
  nameOf: NodeNamer = unnamedNode,
): LogEntry[] {
  const base = {
    workspaceId,
    flowId: event.flow_id,
    executionId: event.execution_id,
    createdAt: new Date(event.timestamp),
  };
  switch (event.type) {
    case 'execution_started':
      return [
        {
          ...base,
          type: 'internal',
          nodeUid: event.trigger_node_uid,
          label: 'Execução iniciada',
          message: `Execução iniciada pelo gatilho "${nameOf(event.trigger_node_uid, event.trigger_type)}" (${event.trigger_node_uid}).`,
        },
      ];
    case 'node_finished':
      return [
        {
          ...base,
          type: 'internal',
          nodeUid: event.node_uid,
          label: nameOf(event.node_uid, event.node_type),
          message: `Conector "${nameOf(event.node_uid, event.node_type)}" (${event.node_uid}) concluído em ${Math.round(event.duration_ms)} ms; saída de ${event.output_size} bytes.`,
        },
      ];
    case 'node_failed':
      return [
        {
          ...base,
          type: 'internal',
          nodeUid: event.node_uid,
          label: nameOf(event.node_uid, event.node_type),
          message: `Erro no conector "${nameOf(event.node_uid, event.node_type)}" (${event.node_uid})${attemptOf(event)}: ${event.error.message}${afterFailure(event)}`,
        },
      ];
    case 'log':
      return [
        {
          ...base,
          type: event.log_type,
          nodeUid: event.node_uid,
          label: event.label,
          message: event.message,
        },
      ];
    case 'debug_paused':
      // A node's output held by the debugger: its message, as the Debug Output tab shows it.
      return [
        {
          ...base,
          type: 'debug',
          nodeUid: event.node_uid,
          // The node's name as the flow shows it ('Código'), never its type id.
          label: nameOf(event.node_uid, event.node_type),
          message: event.msg,
        },
      ];
    case 'execution_finished':
      return [
        {
          ...base,
          type: 'internal',
          label: 'Execução finalizada',
          message: {
            execution_time: event.execution_time,
            status: event.status,
            steps: event.steps,
            ...(event.error ? { error: event.error } : {}),
          },
        },
      ];
    // node_started and node_progress (a model's growing answer, docs/adr/0102) are for the
    // live editor only.
    default:
      return [];
  }
}
