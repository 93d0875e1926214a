/**
 * A message is a JSON object. Triggers put their data in `msg.payload`; nodes add what they
 * produce (usually replacing `payload`) and pass the rest on.
 */
export type Message = Record<string, unknown> & { payload?: unknown };

/** One message sent on one named output. */
export interface NodeEmission {
  output: string;
  msg: Message;
}

/** A node returns one emission, several (in order), or nothing (the branch ends here). */
export type NodeResult = NodeEmission | NodeEmission[] | void | undefined;

export function emissions(result: NodeResult): NodeEmission[] {
  if (!result) return [];
  return Array.isArray(result) ? result : [result];
}
