/**
 * The per-node state of one execution (`ctx.state`: loop, merge), and which nodes hold some,
 * the most recently activated last: that one gets the next `onIdle` turn.
 */
export class NodeStates {
  private readonly values = new Map<string, unknown>();
  private readonly holding: string[] = [];

  /** The node that most recently started holding state, if any still does. */
  latest(): string | undefined {
    return this.holding.at(-1);
  }

  holds(uid: string): boolean {
    return this.holding.includes(uid);
  }

  /** The state of one node, as its context sees it. */
  of(uid: string): { get(): unknown; set(value: unknown): void; clear(): void } {
    return {
      get: () => this.values.get(uid),
      set: (value) => {
        this.values.set(uid, value);
        if (!this.holding.includes(uid)) this.holding.push(uid);
      },
      clear: () => {
        this.values.delete(uid);
        const at = this.holding.indexOf(uid);
        if (at >= 0) this.holding.splice(at, 1);
      },
    };
  }
}
