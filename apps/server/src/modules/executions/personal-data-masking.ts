import type { EngineEvent, NodeRunRecord } from '@ponte/engine/executor/events';
import type { FlowLgpd } from '@ponte/shared/lgpd/lgpd.schema';
import { maskPersonalText, maskPersonalValue } from '@ponte/shared/lgpd/personal-data-mask';
import type { ExecutionWaitRow } from '../../db/schema';
import type { LogEntry } from '../logs/log-writer';

/**
 * 'Mascarar dados pessoais nos logs e nas execuções' (docs/adr/0122): the flow's
 * `config.lgpd.mask` ('on', 'off'), else (absent, 'default') the instance's PONTE_LGPD_MASK.
 */
export function masksPersonalData(
  lgpd: Pick<FlowLgpd, 'mask'> | undefined,
  instance: boolean,
): boolean {
  const setting = lgpd?.mask ?? 'default';
  return setting === 'default' ? instance : setting === 'on';
}

/** How what an execution stores is masked; the run itself keeps the real values. */
export interface PersonalDataMasking {
  /** A JSON value: the named fields `***`, every string (and number holding a document) masked. */
  value(value: unknown): unknown;
  /** Free text; the JSON of an object or array is masked as its value (named fields too). */
  text(text: string): string;
  /** A log line as it is stored (message and label). */
  entry(entry: LogEntry): LogEntry;
  /** A node's run as its data is kept (input, outputs, error). */
  run(record: NodeRunRecord): NodeRunRecord;
  /** The reasons a waiting execution shows (a failed attempt's error). */
  waits(waits: ExecutionWaitRow[] | null): ExecutionWaitRow[] | null;
  /**
   * An event as the live status of the flow carries it to every role watching: a running node's
   * text (a model's answer as it is written) masked; the other events carry no message text.
   */
  live(event: EngineEvent): EngineEvent;
}

/** Whether the text may be the JSON of an object or array (one look at its first character). */
function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  return first === '{' || first === '[';
}

/**
 * The masking of the executions of a flow whose masking is on; `paths` are the fields the flow
 * names to be masked whole (`config.lgpd.mask_paths`).
 */
export function createPersonalDataMasking(paths: readonly string[] = []): PersonalDataMasking {
  const value = (input: unknown) => maskPersonalValue(input, paths);
  /** JSON text masked through its value; text that is not JSON is masked as text. */
  const json = (input: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(input);
    } catch {
      return maskPersonalText(input);
    }
    return JSON.stringify(value(parsed)) ?? input;
  };
  // Without named fields the JSON's text is masked as it is: the same result, no parse.
  const text = (input: string) =>
    paths.length && looksLikeJson(input) ? json(input) : maskPersonalText(input);
  return {
    value,
    text,
    entry(entry) {
      const { message } = entry;
      // The runner's own lines name the fields they carry (execution_time, status…): only
      // their texts are masked, never as named fields.
      const masked =
        typeof message === 'string'
          ? entry.type === 'internal'
            ? maskPersonalText(message)
            : text(message)
          : entry.type === 'internal'
            ? maskPersonalValue(message)
            : value(message);
      return { ...entry, label: maskPersonalText(entry.label), message: masked };
    },
    run(record) {
      return {
        ...record,
        input: json(record.input),
        outputs: record.outputs.map((out) => ({ output: out.output, json: json(out.json) })),
        ...(record.error ? { error: { message: maskPersonalText(record.error.message) } } : {}),
      };
    },
    waits(waits) {
      return waits && waits.map((wait) => ({ ...wait, message: maskPersonalText(wait.message) }));
    },
    live(event) {
      return event.type === 'node_progress'
        ? { ...event, text: maskPersonalText(event.text) }
        : event;
    },
  };
}

/** The masking of an execution: null when what it stores is kept as it ran. */
export function maskingOf(
  masked: boolean,
  lgpd: Pick<FlowLgpd, 'mask_paths'> | undefined,
): PersonalDataMasking | null {
  return masked ? createPersonalDataMasking(lgpd?.mask_paths ?? []) : null;
}
