import { previewExpressions, type PreviewResult } from './api/preview-expressions';

/**
 * Templates asked for within one turn of the event loop over the same flow and sample go to the
 * server in one POST /engine/expressions/preview (up to 100 at a time): a node panel whose
 * sample changes asks for all its params' values at once.
 */
interface Waiting {
  template: string;
  resolve: (result: PreviewResult) => void;
  reject: (error: unknown) => void;
}

interface Batch {
  flowId: string;
  sample: Record<string, unknown>;
  waiting: Waiting[];
}

const batches = new Map<string, Batch>();
const sampleIds = new WeakMap<object, number>();
let lastSampleId = 0;

/** A stable name for a sample object while it lives (query keys, batches). */
export function sampleKey(sample: Record<string, unknown>): number {
  let id = sampleIds.get(sample);
  if (id === undefined) sampleIds.set(sample, (id = ++lastSampleId));
  return id;
}

const maxTemplates = 100;

async function flush(key: string) {
  const batch = batches.get(key);
  batches.delete(key);
  if (!batch) return;
  const templates = [...new Set(batch.waiting.map((item) => item.template))];
  for (let start = 0; start < templates.length; start += maxTemplates) {
    const chunk = templates.slice(start, start + maxTemplates);
    const waiting = batch.waiting.filter((item) => chunk.includes(item.template));
    try {
      const results = await previewExpressions({
        flow_id: batch.flowId,
        msg: batch.sample,
        templates: chunk,
      });
      for (const item of waiting) item.resolve(results[chunk.indexOf(item.template)]!);
    } catch (error) {
      for (const item of waiting) item.reject(error);
    }
  }
}

/** The template resolved over the sample, batched with the others asked for in this turn. */
export function previewTemplate(
  flowId: string,
  sample: Record<string, unknown>,
  template: string,
): Promise<PreviewResult> {
  const key = `${flowId}\n${sampleKey(sample)}`;
  let batch = batches.get(key);
  if (!batch) {
    batch = { flowId, sample, waiting: [] };
    batches.set(key, batch);
    setTimeout(() => void flush(key), 0);
  }
  const joined = batch;
  return new Promise((resolve, reject) => joined.waiting.push({ template, resolve, reject }));
}
