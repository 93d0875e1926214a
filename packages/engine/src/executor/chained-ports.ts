import type { EnginePorts, EngineWidePorts, FlowsPort } from '../ports';

/** Executions of an engine that has no flows port and that bring none run no other flow. */
const noFlows: FlowsPort = {
  execute: () => Promise.reject(new Error('Esta execução não pode chamar outros flows.')),
};

/**
 * The ports as this execution's nodes see them: its own flows port over the engine's, and
 * every HTTP request carries the chain depth.
 */
export function chainedPorts(
  ports: EngineWidePorts,
  chainDepth: number,
  flows?: FlowsPort,
): EnginePorts {
  return {
    ...ports,
    flows: flows ?? ports.flows ?? noFlows,
    http: { request: (request) => ports.http.request({ ...request, chainDepth: chainDepth + 1 }) },
  };
}
