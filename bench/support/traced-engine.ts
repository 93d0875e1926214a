// The server's tracing around an engine run, for bench/engine-overhead.ts --tracing: the SDK as
// the server loads it, an execution span, a span per node run (`aroundNode`), and an OTLP sink
// on 127.0.0.1 in a process of its own (its CPU is not the bench's).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { ExecuteOptions } from '../../packages/engine/src/executor/execute-options.ts';
import type { ExecutionResult } from '../../packages/engine/src/executor/events.ts';
import { runTraced } from '../../apps/server/src/adapters/tracing/tracing.ts';
import { tracedRun } from '../../apps/server/src/modules/executions/execution-tracing.ts';

/** Answers 200 to every export and counts the spans it got (`GET /count`). */
const sinkSource = `
const http = require('node:http');
let spans = 0;
const server = http.createServer((req, res) => {
  if (req.method === 'GET') return res.end(String(spans));
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    spans += body.split('"spanId"').length - 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

export async function startOtlpSink() {
  const child = spawn(process.execPath, ['-e', sinkSource], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [data] = (await once(child.stdout, 'data')) as [Buffer];
  const endpoint = `http://127.0.0.1:${data.toString().trim()}`;
  return {
    endpoint,
    async close(): Promise<{ received: number }> {
      const received = Number(await (await fetch(`${endpoint}/count`)).text());
      child.kill();
      return { received };
    },
  };
}

export type Traced = ((
  executionId: string,
  triggerType: string,
  options: ExecuteOptions,
  run: (options: ExecuteOptions) => Promise<ExecutionResult>,
) => Promise<ExecutionResult>) & { flush(): Promise<void>; made(): number };

/** Runs an execution as the runner does when traced; the SDK reads `OTEL_*` from the env. */
export async function tracedVariant(endpoint: string): Promise<Traced> {
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = endpoint;
  const { createExecutionTracer } =
    await import('../../apps/server/src/adapters/tracing/tracing-sdk.ts');
  const tracer = createExecutionTracer();
  let made = 0;
  const traced = async (
    executionId: string,
    triggerType: string,
    options: ExecuteOptions,
    run: (options: ExecuteOptions) => Promise<ExecutionResult>,
  ) => {
    const info = {
      executionId,
      flowId: options.flowId,
      workspaceId: options.workspaceId,
      triggerType,
      mode: 'production',
      nodeName: (uid: string) => uid,
    };
    const trace = tracer.start(info, undefined, Date.now());
    const onEvent = options.onEvent ?? (() => undefined);
    const result = await runTraced(trace, () => run({ ...options, ...tracedRun(trace, onEvent) }));
    trace.end(result.status);
    made += result.steps + 1;
    return result;
  };
  // What the SDK could not send (its queue full, too many exports at once) is dropped, as in
  // the server: the sink's count tells how much arrived.
  const flush = () => tracer.flush().catch(() => undefined);
  return Object.assign(traced, { flush, made: () => made });
}
