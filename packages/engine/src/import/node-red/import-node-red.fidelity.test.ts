import { afterAll, describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createEngine } from '../../engine';
import type { NodeRunRecord } from '../../executor/events';
import type { WebhookResponse } from '../../kit/context';
import { createFakePorts } from '../../testing/fake-ports';
import { nodeRedFixture } from '../fixtures/fixture-files';
import { importNodeRed } from './import-node-red';

/**
 * The translated flows give what Node-RED gave for the same input. Node-RED's answers were
 * recorded once from Node-RED 4.1.8 (npm) by bench/import-fidelity/record-node-red.mjs; this
 * test runs only Ponte's engine, with the real sandbox, and compares.
 */
interface FidelityCase {
  name: string;
  fixture: string;
  inject?: string;
  capture?: string[];
  compare?: string[];
  /** How many messages the recorder waits for (a delay's comes later). */
  messages?: number;
  /** Paths recorded but not compared, with the reason (the report says so too). */
  known_differences?: Record<string, string>;
  http?: { method: string; path: string; query?: Record<string, string>; body?: unknown };
}

const read = nodeRedFixture;
const cases = read('fidelity-cases.json') as FidelityCase[];

const engine = createEngine({ ports: createFakePorts(), limits: { maxSteps: 1000 } });
afterAll(() => engine.dispose());

const pick = (msg: unknown, path: string) =>
  path
    .split('.')
    .reduce<unknown>(
      (at, key) => (at == null ? undefined : (at as Record<string, unknown>)[key]),
      msg,
    );

function flowOf(item: FidelityCase): FlowDocument {
  const [flow] = importNodeRed(read(item.fixture)).flows;
  return flow!.data;
}

async function runInPonte(item: FidelityCase) {
  const flow = flowOf(item);
  const records: NodeRunRecord[] = [];
  let response: WebhookResponse | undefined;
  const trigger = item.inject
    ? { nodeUid: item.inject, msg: { payload: {} } }
    : {
        nodeUid: flow.nodes.find((node) => node.type === 'core_webhook_trigger')!.uid,
        msg: {
          payload: item.http!.body ?? {},
          webhook: {
            method: item.http!.method,
            path: item.http!.path,
            params: {},
            headers: {},
            query: item.http!.query ?? {},
          },
        },
      };
  const result = await engine.execute({
    executionId: item.name,
    workspaceId: 'ws-1',
    flowId: 'flow-1',
    flow,
    trigger,
    capture: (record) => records.push(record),
    respond: (answer) => {
      response = answer;
    },
  });
  return { result, records, response };
}

describe('Node-RED flows imported give the output Node-RED gave', () => {
  it.each(cases.filter((item) => item.inject))('$name', async (item) => {
    const recorded = read(`${item.name}.node-red-output.json`) as {
      captured: { node: string; msg: Record<string, unknown> }[];
    };
    const { records } = await runInPonte(item);
    const compared = (item.compare ?? []).filter((path) => !item.known_differences?.[path]);
    const ponte = records
      .filter((record) => item.capture!.includes(record.node_uid))
      .map((record) => {
        const msg = JSON.parse(record.input) as unknown;
        return {
          node: record.node_uid,
          msg: Object.fromEntries(compared.map((path) => [path, pick(msg, path) ?? null])),
        };
      });
    const nodeRed = recorded.captured.map(({ node, msg }) => ({
      node,
      msg: Object.fromEntries(compared.map((path) => [path, msg[path] ?? null])),
    }));
    // Side branches may run in another order than Node-RED's: compared node by node.
    const byNode = (a: { node: string }, b: { node: string }) => a.node.localeCompare(b.node);
    expect(ponte.sort(byNode)).toEqual(nodeRed.sort(byNode));
  });

  it.each(cases.filter((item) => item.http))('$name (HTTP)', async (item) => {
    const { status, body } = read(`${item.name}.node-red-output.json`) as {
      status: number;
      body: string;
    };
    const { result, response } = await runInPonte(item);
    expect(result.status).toBe('success');
    expect({ status: response?.status, body: response?.body }).toEqual({ status, body });
  });
});
