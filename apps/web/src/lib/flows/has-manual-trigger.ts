/** The trigger type that lets a person start a flow by hand (spec 1 §2.4, §2.6). */
export const manualTriggerType = 'core_manual_trigger';

/** Whether a flow (as the API lists it) can be started from 'Executar'. */
export function hasManualTrigger(flow: { triggers?: { node_type: string }[] } | null): boolean {
  return (flow?.triggers ?? []).some((trigger) => trigger.node_type === manualTriggerType);
}
