import { describe, expect, it } from 'vitest';
import type { Sandbox, SandboxRunRequest } from '../../../sandbox/sandbox';
import { createFakePorts, textResponse } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { codeNode, defaultCode } from './code.node.ts';

/** A sandbox double: records the request and lets the test play the user code's part. */
function fakeSandbox(play: (request: SandboxRunRequest) => Promise<unknown> | unknown) {
  const requests: SandboxRunRequest[] = [];
  const sandbox: Sandbox = {
    run: async (request) => {
      requests.push(request);
      return play(request);
    },
    dispose: () => undefined,
  };
  return { sandbox, requests };
}

describe('core_code', () => {
  it('hands the code and msg to the sandbox, unevaluated, and sends what it returns', async () => {
    const code = 'return { payload: `{{ não é expressão }}` }';
    const { sandbox, requests } = fakeSandbox(() => ({ payload: { dobro: 4 } }));
    const input = { payload: { n: 2 } };
    const { emitted } = await runNode(codeNode, { sandbox, input, params: { code } });
    expect(requests[0]).toMatchObject({ code, msg: input });
    expect(emitted).toEqual([{ output: 'default', msg: { payload: { dobro: 4 } } }]);
  });

  it('passes msg on when nothing is returned, and wraps other values in payload', async () => {
    const input = { payload: 1, id: 'x' };
    const undefinedResult = await runNode(codeNode, {
      sandbox: fakeSandbox(() => undefined).sandbox,
      input,
      params: { code: 'x' },
    });
    expect(undefinedResult.emitted[0]?.msg).toBe(input);
    const listResult = await runNode(codeNode, {
      sandbox: fakeSandbox(() => [1, 2]).sandbox,
      input,
      params: { code: 'x' },
    });
    expect(listResult.emitted[0]?.msg).toEqual({ payload: [1, 2], id: 'x' });
  });

  it('gives the code the helpers of the execution: variables, flow data, logs and the network', async () => {
    const ports = createFakePorts();
    ports.variables.values.TOKEN = 'abc';
    ports.httpHandler = () => textResponse(200, 'pong');
    const { sandbox } = fakeSandbox(async ({ host }) => {
      host.setFlowData('contador', ((host.getFlowData('contador') as number) ?? 0) + 1);
      host.log('log', 'olá do código');
      const response = await host.fetch({
        method: 'GET',
        url: 'https://x.com/ping',
        headers: {},
        timeoutMs: 1000,
      });
      return { payload: { token: await host.getVar('TOKEN'), status: response.status } };
    });
    const { emitted, logs, flowData } = await runNode(codeNode, {
      sandbox,
      ports,
      flowData: { contador: 1 },
      params: { code: 'x' },
    });
    expect(emitted[0]?.msg).toEqual({ payload: { token: 'abc', status: 200 } });
    expect(flowData).toEqual({ contador: 2 });
    expect(logs).toEqual([{ type: 'user', label: 'console.log', message: 'olá do código' }]);
    expect(ports.httpCalls[0]?.url).toBe('https://x.com/ping');
  });

  it('fails the node with the sandbox error, and starts from a pt-BR template', async () => {
    const { sandbox } = fakeSandbox(() =>
      Promise.reject(new Error('Erro no código: x is not defined')),
    );
    await expect(runNode(codeNode, { sandbox, params: { code: 'x' } })).rejects.toThrow(
      'Erro no código: x is not defined',
    );
    expect(defaultCode).toContain('msg é a mensagem recebida');
    expect(codeNode.manifest.params.code).toMatchObject({
      type: 'code-editor',
      language: 'javascript',
    });
  });
});
