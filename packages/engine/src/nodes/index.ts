import type { NodeDefinition } from '../kit/define-node';
import { logNode } from './actions/log/log.node';
import { conditionNode } from './flow-control/condition/condition.node';
import { delayNode } from './flow-control/delay/delay.node';
import { loopNode } from './flow-control/loop/loop.node';
import { mergeNode } from './flow-control/merge/merge.node';
import { stopNode } from './flow-control/stop/stop.node';
import { switchNode } from './flow-control/switch/switch.node';

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
