import { createGate } from '../../test/gate-node';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { webhookWaitsContract } from './webhook-waits.contract';

/** One slot of executions, and webhooks that wait 2 s for their flow's answer. */
const waitMs = 2_000;

describeEachDriver('a webhook waiting for an answer with every slot taken', (driver) => {
  const gate = createGate();
  const t = useTestApp(driver, {
    nodes: [gate.node],
    executionConcurrency: 1,
    webhookTimeoutMs: waitMs,
  });
  webhookWaitsContract(() => ({ t, gate, waitMs }));
});
