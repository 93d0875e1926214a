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
  ) {
    super(message);
    this.name = 'SuspendExecution';
  }
}
