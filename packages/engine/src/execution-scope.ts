/** Who is asking: every workspace-owned port call is scoped to the execution's workspace. */
export interface ExecutionScope {
  workspaceId: string;
  flowId: string;
  executionId: string;
  /**
   * Executions that started one another before this one (a flow calling a webhook or another
   * flow): 0, or absent, for one started from outside (docs/adr/0020).
   */
  chainDepth?: number;
}
