import type { NodeEmission } from './message';

/**
 * Thrown by a node that must wait for a person (an agent's tool that requires approval,
 * docs/adr/0100): the node's `sent` messages go out as usual, the rest of the execution runs
 * to its end, and the execution ends `waiting` instead of `success`. It resumes later at this
 * node with the same input and `ctx.resumed`.
 */
export class SuspendExecution extends Error {
  constructor(
    message: string,
    readonly sent: NodeEmission[] = [],
    /**
     * The node resumes by itself at `at` (ms since the epoch) with `value` as `ctx.resumed`
     * (a durable 'Aguardar', docs/adr/0110); absent, only a person resumes it.
     */
    readonly wake?: { at: number; value: unknown },
  ) {
    super(message);
    this.name = 'SuspendExecution';
  }
}
