import type { MapContext, MappedNode } from './mapped-node';
import { mapChange } from './mappers/change';
import { mapDebug, mapDelay } from './mappers/debug-delay';
import { mapFunction } from './mappers/function';
import { mapHttpIn, mapHttpRequest, mapHttpResponse } from './mappers/http';
import { mapInject } from './mappers/inject';
import { mapLinkCall, mapLinkOut, mapSubflowInstance } from './mappers/links';
import { placeholder } from './mappers/placeholder';
import { mapSwitch } from './mappers/switch';
import { mapTemplate } from './mappers/template';

/** One mapper per Node-RED type translated; any other type becomes a placeholder. */
const mappers: Record<string, (ctx: MapContext) => MappedNode> = {
  'http in': mapHttpIn,
  'http response': mapHttpResponse,
  'http request': mapHttpRequest,
  inject: mapInject,
  function: mapFunction,
  switch: mapSwitch,
  change: mapChange,
  template: mapTemplate,
  delay: mapDelay,
  debug: mapDebug,
  'link out': mapLinkOut,
  'link call': mapLinkCall,
};

export function mapNode(ctx: MapContext): MappedNode {
  if (ctx.node.type.startsWith('subflow:')) return mapSubflowInstance(ctx);
  const mapper = mappers[ctx.node.type];
  if (mapper) return mapper(ctx);
  return placeholder(
    ctx,
    `O nó "${ctx.node.type}" do Node-RED não tem equivalente no Ponte: refaça-o com os conectores do Ponte.`,
  );
}
