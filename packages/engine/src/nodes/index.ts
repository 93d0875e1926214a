import type { NodeDefinition } from '../kit/define-node';
import { logNode } from './actions/log/log.node.ts';
import { conditionNode } from './flow-control/condition/condition.node.ts';
import { delayNode } from './flow-control/delay/delay.node.ts';
import { loopNode } from './flow-control/loop/loop.node.ts';
import { mergeNode } from './flow-control/merge/merge.node.ts';
import { stopNode } from './flow-control/stop/stop.node.ts';
import { switchNode } from './flow-control/switch/switch.node.ts';

/** Every built-in node type, all versions (old versions stay runnable). */
export const builtinNodes: NodeDefinition[] = [
  logNode,
  conditionNode,
  switchNode,
  loopNode,
  delayNode,
  mergeNode,
  stopNode,
];
