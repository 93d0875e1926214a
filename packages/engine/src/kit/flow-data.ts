import type { FlowData } from './context';
import { getPath, setPath } from './paths';

/** This execution's flow data: a JSON object addressed by dotted paths. */
export function createFlowData(initial: Record<string, unknown>): FlowData {
  const data = structuredClone(initial);
  return {
    get: (path) => (path ? getPath(data, path) : data),
    set: (path, value) => setPath(data, path, value),
    snapshot: () => structuredClone(data),
  };
}
