import { text } from '../node-red-export';
import { makeNode, single, type MapContext, type MappedNode } from '../mapped-node';
import { referenceOf } from '../node-red-paths';
import { jsonataOverMsg } from '../typed-value';
import { placeholder } from './placeholder';

/** `debug` → 'Log': the same property (payload, the whole message, a path or a JSONata). */
export function mapDebug(ctx: MapContext): MappedNode {
  const { node } = ctx;
  const complete = text(node.complete);
  const notes: string[] = [];
  let message: string | null;
  if (node.targetType === 'jsonata') message = jsonataOverMsg(complete).expression;
  else if (complete === 'true') message = 'msg';
  else message = referenceOf('msg', complete === 'false' || !complete ? 'payload' : complete);
  if (!message) return placeholder(ctx, `A propriedade "${complete}" não pôde ser lida.`);
  if (node.tostatus === true) notes.push('O status abaixo do nó não é mostrado no Ponte.');
  const label = text(node.name).trim() || 'debug';
  const ponte = makeNode(
    ctx,
    'core_log',
    { label, message: `{{ ${message} }}` },
    { disabled: node.d === true || node.active === false },
  );
  return single(ctx, ponte, 'translated', notes);
}

const delayUnits: Record<string, [string, number]> = {
  milliseconds: ['ms', 1],
  millisecond: ['ms', 1],
  seconds: ['s', 1],
  second: ['s', 1],
  minutes: ['min', 1],
  minute: ['min', 1],
  hours: ['h', 1],
  hour: ['h', 1],
  days: ['h', 24],
  day: ['h', 24],
};

/** `delay` → 'Aguardar' for a fixed, random or per-message wait; rate limits and queues are not. */
export function mapDelay(ctx: MapContext): MappedNode {
  const { node } = ctx;
  const pause = text(node.pauseType) || 'delay';
  if (pause === 'delayv') {
    const ponte = makeNode(ctx, 'core_delay', { amount: '{{ msg.delay }}', unit: 'ms' });
    const notes = ['Sem msg.delay, o Ponte recusa a mensagem; o Node-RED usava o tempo do nó.'];
    return single(ctx, ponte, 'adapted', notes);
  }
  if (pause === 'delay' || pause === 'random') {
    const units = pause === 'random' ? text(node.randomUnits) : text(node.timeoutUnits);
    const [unit, factor] = delayUnits[units || 'seconds'] ?? ['s', 1];
    if (pause === 'delay') {
      const amount = Number(node.timeout) * factor;
      return single(ctx, makeNode(ctx, 'core_delay', { amount, unit }), 'translated');
    }
    const first = Number(node.randomFirst) * factor;
    const last = Number(node.randomLast) * factor;
    const amount = `{{ ${first} + $random() * ${last - first} }}`;
    return single(ctx, makeNode(ctx, 'core_delay', { amount, unit }), 'translated');
  }
  return placeholder(
    ctx,
    'O modo de limitar a taxa ou enfileirar mensagens do nó delay não existe no Ponte: cada execução leva uma mensagem.',
  );
}
