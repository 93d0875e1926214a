/**
 * Thrown by `core_stop`: ends the whole execution with the given status instead of failing
 * the node. The executor never routes it to an `error` output.
 */
export class StopExecution extends Error {
  constructor(
    readonly status: 'success' | 'error',
    message: string,
  ) {
    super(message);
    this.name = 'StopExecution';
  }
}
