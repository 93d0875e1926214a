import { text } from '../node-red-export';
import { makeNode, originalName, type MapContext, type MappedNode } from '../mapped-node';
import { placeholder } from './placeholder';

const linkIds = (node: Record<string, unknown>): string[] =>
  Array.isArray(node.links)
    ? (node.links as unknown[]).filter((id): id is string => typeof id === 'string')
    : [];

/** The `link in` nodes a link out or link call points to, in other flows. */
export function crossLinks(ctx: MapContext): { id: string; flow: string }[] {
  const here = ctx.tabOf(ctx.node.id);
  return linkIds(ctx.node).flatMap((id) => {
    const flow = ctx.tabOf(id);
    return flow && flow !== here && ctx.byId.get(id)?.type === 'link in' ? [{ id, flow }] : [];
  });
}

/** Link ins of the same flow a link out points to: joined through, no node. */
export function sameFlowLinks(ctx: MapContext): string[] {
  const here = ctx.tabOf(ctx.node.id);
  return linkIds(ctx.node).filter(
    (id) => ctx.tabOf(id) === here && ctx.byId.get(id)?.type === 'link in',
  );
}

const sameFlowOnly: MappedNode = {
  status: 'translated',
  notes: [],
  nodes: [],
  input: null,
  outputs: [],
  errorFrom: [],
};

/**
 * `link out` to link ins of the same flow: joined into edges (no node). To another flow:
 * 'Executar flow' without waiting, whose flow is the one holding the link in.
 */
export function mapLinkOut(ctx: MapContext): MappedNode {
  if (text(ctx.node.mode) === 'return') {
    return {
      ...sameFlowOnly,
      status: 'adapted',
      notes: ['O retorno ao "link call" é a mensagem do último conector do flow chamado.'],
    };
  }
  const cross = crossLinks(ctx);
  if (!cross.length) return { ...sameFlowOnly, notes: [] };
  const notes = ['O link para outra aba virou "Executar flow", sem esperar o resultado.'];
  if (cross.length > 1) notes.push('O link apontava para várias abas: só a primeira é chamada.');
  const call = makeNode(ctx, 'core_execute_flow', {
    flow: '',
    payload: '{{ msg.payload }}',
    wait: false,
  });
  notes.push('Só msg.payload segue para o flow chamado.');
  return {
    status: 'adapted',
    notes,
    nodes: [call],
    input: call.uid,
    outputs: [],
    errorFrom: [call.uid],
    flowRef: { node_uid: call.uid, source_id: cross[0]!.flow },
  };
}

/** `link call` → 'Executar flow' waiting for the result of the flow holding the link in. */
export function mapLinkCall(ctx: MapContext): MappedNode {
  if (text(ctx.node.linkType) === 'dynamic')
    return placeholder(ctx, 'O link call dinâmico (alvo em msg.target) não existe no Ponte.');
  const targets = (Array.isArray(ctx.node.links) ? (ctx.node.links as string[]) : [])
    .map((id) => ({ id, flow: ctx.tabOf(id) }))
    .filter((target) => target.flow);
  if (!targets.length) return placeholder(ctx, 'O link call não aponta para nenhum link in.');
  const call = makeNode(ctx, 'core_execute_flow', {
    flow: '',
    payload: '{{ msg.payload }}',
    wait: true,
  });
  return {
    status: 'adapted',
    notes: ['O link call virou "Executar flow" esperando o resultado: só msg.payload vai e volta.'],
    nodes: [call],
    input: call.uid,
    outputs: [{ uid: call.uid, output: 'default' }],
    errorFrom: [call.uid],
    flowRef: { node_uid: call.uid, source_id: targets[0]!.flow! },
  };
}

/**
 * `link in`: joined through within its flow; called from another flow, it also starts the
 * flow ('Chamado por outro flow').
 */
export function mapLinkIn(ctx: MapContext, calledFromOutside: boolean): MappedNode {
  if (!calledFromOutside) return { ...sameFlowOnly, notes: [] };
  const trigger = makeNode(ctx, 'core_flow_trigger', {}, { label: originalName(ctx.node) });
  return {
    status: 'adapted',
    notes: [
      'Chamado por um link call ou de outra aba: virou o gatilho "Chamado por outro flow"; msg.payload chega, o resto da mensagem não.',
    ],
    nodes: [trigger],
    input: null,
    outputs: [{ uid: trigger.uid, output: 'default' }],
    errorFrom: [],
  };
}

/** A subflow instance → 'Executar flow' of the subflow's own flow, waiting for its result. */
export function mapSubflowInstance(ctx: MapContext): MappedNode {
  const subflow = ctx.node.type.slice('subflow:'.length);
  const call = makeNode(ctx, 'core_execute_flow', {
    flow: '',
    payload: '{{ msg.payload }}',
    wait: true,
  });
  const notes = [
    'A instância do subflow virou "Executar flow" do flow feito do subflow: só msg.payload vai e volta.',
  ];
  if (Array.isArray(ctx.node.env) && ctx.node.env.length)
    notes.push('As propriedades (env) da instância não são passadas.');
  return {
    status: 'adapted',
    notes,
    nodes: [call],
    input: call.uid,
    outputs: [{ uid: call.uid, output: 'default' }],
    errorFrom: [call.uid],
    flowRef: { node_uid: call.uid, source_id: subflow },
  };
}
