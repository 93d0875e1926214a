/** The bus channels of the shared state (docs/adr/0066). */
export const stateChannels = {
  flowChanged: 'flow-changed',
  workspaceReload: 'workspace-reload',
  variablesChanged: 'variables-changed',
  queuesChanged: 'queues-changed',
  sessionsRevoked: 'sessions-revoked',
} as const;
