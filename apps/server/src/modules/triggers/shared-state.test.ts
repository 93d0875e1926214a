import { describe, expect, it } from 'vitest';
import { createLocalBus } from '../../cluster/cluster-bus';
import { stateChannels } from '../../cluster/state-channels';
import { subscribeSharedState } from './shared-state';

/** A process's parts that record what the handlers asked of them. */
function recordingParts() {
  const calls: string[] = [];
  return {
    calls,
    parts: {
      runner: { forgetFlow: (flowId: string) => void calls.push(`forget ${flowId}`) },
      triggers: {
        reloadFlow: async (ws: string, flowId: string) => void calls.push(`flow ${ws} ${flowId}`),
        reloadWorkspace: async (ws: string) => void calls.push(`workspace ${ws}`),
        reconcile: async () => void calls.push('reconcile'),
      },
      consumers: {
        reconcile: async (ws: string) => void calls.push(`queues ${ws}`),
        reconcileAll: async () => void calls.push('queues all'),
      },
      variablesReader: { forget: (ws: string) => void calls.push(`variables ${ws}`) },
    },
  };
}

describe('shared state handlers', () => {
  it('apply each change to the flow, the triggers, the consumers and the variables', async () => {
    const bus = createLocalBus();
    const { calls, parts } = recordingParts();
    subscribeSharedState(bus, parts, (error) => {
      throw error;
    });
    await bus.publish(stateChannels.flowChanged, { workspaceId: 'w1', flowId: 'f1' });
    await bus.publish(stateChannels.workspaceReload, { workspaceId: 'w1' });
    await bus.publish(stateChannels.queuesChanged, { workspaceId: 'w2' });
    await bus.publish(stateChannels.variablesChanged, { workspaceId: 'w3' });
    expect(calls).toEqual([
      'forget f1',
      'flow w1 f1',
      'queues w1',
      'workspace w1',
      'queues w1',
      'queues w2',
      'variables w3',
    ]);
  });

  it('report a malformed message and change nothing', async () => {
    const bus = createLocalBus();
    const { calls, parts } = recordingParts();
    const errors: string[] = [];
    subscribeSharedState(bus, parts, (_error, channel) => errors.push(channel));
    await bus.publish(stateChannels.flowChanged, { workspaceId: 'w1' });
    await bus.publish(stateChannels.variablesChanged, 'w1');
    expect(calls).toEqual([]);
    expect(errors).toEqual([stateChannels.flowChanged, stateChannels.variablesChanged]);
  });
});
