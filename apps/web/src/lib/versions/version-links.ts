/** A flow's version N, read-only (docs/adr/0103). */
export function flowVersionUrl(flowId: string, number: number): string {
  return `/flows/${encodeURIComponent(flowId)}/versoes/${number}`;
}

/** The differences between a flow's version N and its current version. */
export function flowVersionCompareUrl(flowId: string, number: number): string {
  return `${flowVersionUrl(flowId, number)}/comparar`;
}
