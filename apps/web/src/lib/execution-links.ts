/** 'Abrir no editor': a past execution on the canvas of the flow version it ran. */
export function executionInEditorUrl(flowId: string, executionId: string): string {
  return `/flows/${encodeURIComponent(flowId)}/execucoes/${encodeURIComponent(executionId)}`;
}
