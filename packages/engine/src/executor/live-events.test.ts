import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { defineNode } from '../kit/define-node';
import { createHarness } from '../testing/engine-harness';
import type { EngineEvent } from './events';

// The events only the live view reads (node_started, node_progress) are built while someone
// watches the execution (docs/adr/0128); every other event goes out whoever watches.

/** A node that says how far it got (a model's answer as it streams), then writes a log line. */
const talker = defineNode({
  type: 'test_talker',
  version: 1,
  category: 'action',
  label: 'Falante',
  description: 'Diz o texto até aqui e grava uma linha de log.',
  icon: 'message',
  params: {},
  outputs: { default: { label: 'Saída' } },
  async run({ input, progress, log }) {
    progress('parcial', true);
    await log.user('Falante', 'oi');
    return { output: 'default', msg: input };
  },
});

/** test_trigger → three talkers in a line. */
const flow: FlowDocument = {
  version: 1,
  nodes: [
    { uid: 't', type: 'test_trigger', typeVersion: 1, params: {}, position: { x: 0, y: 0 } },
    ...['a', 'b', 'c'].map((uid, index) => ({
      uid,
      type: 'test_talker',
      typeVersion: 1,
      params: {},
      position: { x: (index + 1) * 200, y: 0 },
    })),
  ],
  edges: [
    { id: 'e1', source: 't', sourceOutput: 'default', target: 'a' },
    { id: 'e2', source: 'a', sourceOutput: 'default', target: 'b' },
    { id: 'e3', source: 'b', sourceOutput: 'default', target: 'c' },
  ],
};

const liveOnly = new Set<EngineEvent['type']>(['node_started', 'node_progress']);
const summary = (events: EngineEvent[]) =>
  events.map((event) => `${event.type}${'node_uid' in event ? ` ${event.node_uid}` : ''}`);

describe('events of the live view', () => {
  it('are not built when nobody watches, and the others all go out', async () => {
    const harness = createHarness();
    let asked = 0;
    const watched = () => (asked++, false);
    const result = await harness.run(flow, {}, { nodes: [talker], watched });
    expect(result.status).toBe('success');
    expect(asked).toBeGreaterThan(0);
    expect(harness.events.filter((event) => liveOnly.has(event.type))).toEqual([]);
    expect(summary(harness.events)).toEqual([
      'execution_started',
      'node_finished t',
      'log a',
      'node_finished a',
      'log b',
      'node_finished b',
      'log c',
      'node_finished c',
      'execution_finished',
    ]);
  });

  it('start going out as soon as someone watches, in the middle of an execution', async () => {
    const harness = createHarness();
    let watching = false;
    const result = await harness.run(
      flow,
      {},
      {
        nodes: [talker],
        watched: () => watching,
        // The editor opens the flow while node `a` is done.
        onEvent(event) {
          harness.events.push(event);
          if (event.type === 'node_finished' && event.node_uid === 'a') watching = true;
        },
      },
    );
    expect(result.status).toBe('success');
    expect(summary(harness.events.filter((event) => liveOnly.has(event.type)))).toEqual([
      'node_started b',
      'node_progress b',
      'node_started c',
      'node_progress c',
    ]);
  });

  it('all go out when the caller does not say who watches', async () => {
    const harness = createHarness();
    await harness.run(flow, {}, { nodes: [talker] });
    expect(summary(harness.events.filter((event) => liveOnly.has(event.type)))).toEqual([
      'node_started t',
      'node_started a',
      'node_progress a',
      'node_started b',
      'node_progress b',
      'node_started c',
      'node_progress c',
    ]);
  });
});
