import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { text } from '../node-red-export';
import { makeNode, type MapContext, type MappedNode } from '../mapped-node';
import { dottedPath, parsePath } from '../node-red-paths';
import { typedValue } from '../typed-value';

interface InjectProperty {
  p: string;
  v?: unknown;
  vt?: unknown;
}

/** The properties an inject sets: `props` (Node-RED 1.1+), else payload and topic. */
function injectProperties(node: Record<string, unknown>): InjectProperty[] {
  if (Array.isArray(node.props) && node.props.length) {
    return (node.props as InjectProperty[]).map((prop) =>
      prop.p === 'payload'
        ? { p: 'payload', v: node.payload, vt: node.payloadType }
        : prop.p === 'topic' && prop.v === undefined
          ? { p: 'topic', v: node.topic, vt: 'str' }
          : prop,
    );
  }
  return [
    { p: 'payload', v: node.payload, vt: node.payloadType },
    { p: 'topic', v: node.topic, vt: 'str' },
  ];
}

/** A repeat in seconds as a six-field cron, when one divides the minute, hour or day evenly. */
export function repeatCron(seconds: number): string | null {
  if (!Number.isInteger(seconds) || seconds <= 0) return null;
  if (seconds < 60 && 60 % seconds === 0) return `*/${seconds} * * * * *`;
  const minutes = seconds / 60;
  if (Number.isInteger(minutes) && minutes < 60 && 60 % minutes === 0)
    return `0 */${minutes} * * * *`;
  const hours = seconds / 3600;
  if (Number.isInteger(hours) && hours < 24 && 24 % hours === 0) return `0 0 */${hours} * * *`;
  if (hours === 24) return '0 0 0 * * *';
  return null;
}

function triggerOf(ctx: MapContext, notes: string[]): FlowNode {
  const { node } = ctx;
  const repeat = Number(text(node.repeat));
  const crontab = text(node.crontab).trim();
  if (node.once === true)
    notes.push('"Injetar uma vez ao iniciar" não existe no Ponte: execute o flow manualmente.');
  if (crontab) {
    return makeNode(ctx, 'core_schedule_trigger', { cron: crontab, timezone: 'America/Sao_Paulo' });
  }
  if (repeat > 0) {
    const cron = repeatCron(repeat);
    if (!cron)
      notes.push(`A repetição a cada ${repeat} s virou a cada minuto (o cron não a expressa).`);
    return makeNode(ctx, 'core_schedule_trigger', {
      cron: cron ?? '0 * * * * *',
      timezone: 'America/Sao_Paulo',
    });
  }
  return makeNode(ctx, 'core_manual_trigger', { description: '', fields: [] });
}

/**
 * `inject` → 'Manual Trigger' (or 'Agendamento' when it repeats), then 'Definir valores'
 * with the properties it injects, so the message is the one Node-RED sent.
 */
export function mapInject(ctx: MapContext): MappedNode {
  const notes: string[] = [];
  const trigger = triggerOf(ctx, notes);
  const values: Record<string, unknown>[] = [];
  for (const prop of injectProperties(ctx.node)) {
    const segments = parsePath(text(prop.p));
    const path = segments && dottedPath(segments);
    const value = typedValue(prop.vt, prop.v);
    if (!path || !value) {
      notes.push(`A propriedade "${text(prop.p)}" (${text(prop.vt)}) não foi traduzida.`);
      continue;
    }
    if (value.note && !notes.includes(value.note)) notes.push(value.note);
    values.push({ path, value: value.value });
  }
  const setter = makeNode(
    ctx,
    'core_set',
    { target: 'msg', values },
    { suffix: 'valores', label: `${text(ctx.node.name).trim() || 'inject'} (valores)`, dx: 120 },
  );
  const nodes = values.length ? [trigger, setter] : [trigger];
  const last = nodes.at(-1)!;
  return {
    status: notes.length ? 'adapted' : 'translated',
    notes,
    nodes,
    input: null,
    outputs: [{ uid: last.uid, output: 'default' }],
    errorFrom: values.length ? [setter.uid] : [],
    edges: values.length
      ? [{ source: trigger.uid, sourceOutput: 'default', target: setter.uid }]
      : [],
  };
}
