import { z } from 'zod';
import { logItemSchema, runningExecutionSchema } from './monitoring.schema';

/**
 * The live socket (spec 1 §7, spec 2 §7): socket.io at `/engine/socket.io/`, the session token
 * in the handshake (`auth: {token}`). A client joins rooms by name and receives each room's
 * events; the server refuses a room of another workspace.
 */
export const liveSocketPath = '/engine/socket.io/';

export const liveRooms = {
  debugger: (flowId: string) => `debugger-${flowId}`,
  liveMonitoring: 'live-monitoring',
  /** Every execution's node states of one flow, for its open editors (docs/adr/0089). */
  flowStatus: (flowId: string) => `flow-status-${flowId}`,
  /** Who has the flow open in an editor, and whether they have unsaved changes. */
  flowEditors: (flowId: string) => `flow-editors-${flowId}`,
} as const;

/** Client → server. `join` and `leave` answer through the ack callback. */
export const liveClientEvents = {
  join: 'join',
  leave: 'leave',
  /** Emitted every second by the live executions page (spec 2 §7), unless restarting. */
  getStatusList: 'get-status-list',
  /** `editorStateSchema`: the editor's unsaved changes, sent when they appear or go away. */
  editorState: 'editor-state',
} as const;

/** Server → client. Debugger messages arrive as the event named after the room. */
export const liveServerEvents = {
  statusList: 'status-list',
  statusListUpdated: 'status-list-updated',
  systemStatus: 'system-status',
  /** `flowStatusEventSchema` (execution-data.schema.ts), to `flow-status-{flowId}`. */
  flowStatus: 'flow-status',
  /** `flowEditorsEventSchema`, to `flow-editors-{flowId}` at each join, leave and state change. */
  flowEditors: 'flow-editors',
} as const;

export const joinAckSchema = z.union([
  /** `editor_id`: the socket's own entry in the editors list (`flow-editors-{flowId}` only). */
  z.object({ ok: z.literal(true), editor_id: z.string().optional() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type JoinAck = z.infer<typeof joinAckSchema>;

/** Spec 1 §4: messages above this many characters are shown as text with a notice. */
export const debugMessageTooLarge = 100_000;

/**
 * One message of `debugger-{flowId}` (spec 1 §3, §7): a log of an execution of the flow, or a
 * session event. `message_too_large` / `show_as_json` tell the panel how to show `data.message`.
 */
export const debuggerMessageSchema = z.object({
  is_debug_mode: z.boolean(),
  /** 'node' for a node's output held by the debugger, 'log' for any other log line. */
  iteration_type: z.enum(['node', 'log', 'event']),
  event: z.enum(['debug-start', 'debug-stop']).optional(),
  node_uid: z.string().nullable(),
  node_type: z.string().nullable(),
  /** The node held now has a breakpoint (Continue stops here). */
  is_breakpoint: z.boolean().optional(),
  /** The session holds a node and waits for next-step. */
  waiting_next_step: z.boolean().optional(),
  log: logItemSchema.nullable(),
  message_too_large: z.boolean(),
  show_as_json: z.boolean(),
});
export type DebuggerMessage = z.infer<typeof debuggerMessageSchema>;

export const statusListSchema = z.array(runningExecutionSchema);

export const systemStatusSchema = z.object({
  rss: z.number(),
  totalMemory: z.number(),
  /** Percent of all cores over the last interval, 0–100. */
  cpuUsage: z.number(),
  cpuCores: z.number().int(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** POST /engine/flow/debugger/{start-debug,stop-debug,next-step}/{flowId}. */
export const debuggerStateSchema = z.object({
  success: z.literal(true),
  active: z.boolean(),
  current: z.object({ node_uid: z.string(), node_type: z.string() }).nullable(),
  waiting: z.boolean(),
  is_breakpoint: z.boolean(),
});
export type DebuggerState = z.infer<typeof debuggerStateSchema>;

/** Client → server `editor-state`: the editor of `flow_id` has unsaved changes or not. */
export const editorStateSchema = z.object({ flow_id: z.string(), dirty: z.boolean() });
export type EditorState = z.infer<typeof editorStateSchema>;

/** One editor of a flow: one socket (a tab) of one person. */
export const flowEditorSchema = z.object({
  /** Stable for the socket's stay in the room; the join answer gives the socket its own. */
  editor_id: z.string(),
  user_id: z.string(),
  name: z.string(),
  /** Unsaved changes in that editor. */
  dirty: z.boolean(),
  /** When it joined (ISO 8601). */
  since: z.string(),
});
export type FlowEditor = z.infer<typeof flowEditorSchema>;

/** Every editor of the flow, on every API process, oldest first. */
export const flowEditorsEventSchema = z.object({
  flow_id: z.string(),
  editors: z.array(flowEditorSchema),
});
export type FlowEditorsEvent = z.infer<typeof flowEditorsEventSchema>;
