import { messages } from '@ponte/shared/messages';
import type { NodeRunContext } from '../kit/context';
import type { NodeResult } from '../kit/message';
import { messageFrom } from '../nodes/actions/code/code.node.ts';
import { httpAuth, resolveUrl, sendAuthorized } from '../nodes/actions/http-request/http-auth';
import type { HttpResponse } from '../ports';
import type { SandboxFetchRequest } from '../sandbox/sandbox';
import type { StoredCustomNode } from './stored-custom-node';

const m = messages.customNodes;

/**
 * What the sandbox runs: the stored code (which defines `handler`), then the call. The code is
 * the body of an async function, so `handler` is a local of that function.
 */
export function handlerCall(code: string): string {
  return `${code}
;if (typeof handler !== 'function') throw new Error(${JSON.stringify(m.handlerMissing)});
return await handler(msg, params);
`;
}

/**
 * The host side of `serviceAccount(name)`: the account the flow chose in the connector's param
 * `name`, its auth applied as the HTTP node applies it. Only the answer goes back to the isolate.
 */
function accountFetch(node: StoredCustomNode, ctx: NodeRunContext<Record<string, unknown>>) {
  const { ports, scope, signal, params } = ctx;
  return async (request: SandboxFetchRequest & { account: string }): Promise<HttpResponse> => {
    const { account: name, url: raw, ...rest } = request;
    const param = node.params.find((item) => item.type === 'service_account' && item.name === name);
    if (!param) throw new Error(m.accountParamUnknown(name));
    const chosen = params[name];
    const id = typeof chosen === 'string' ? chosen.trim() : '';
    if (!id) throw new Error(m.accountParamEmpty(param.label));
    const account = await ports.serviceAccounts.get(scope, id, signal);
    if (!account) throw new Error(m.accountMissing);
    const auth = httpAuth(account, { serviceAccounts: ports.serviceAccounts, scope, signal });
    const url = resolveUrl(raw, auth.baseUrl);
    const { response } = await sendAuthorized(
      auth,
      url,
      () => ports.clock.now(),
      async (authorize) => ({
        response: await ports.http.request({
          ...rest,
          url: url.toString(),
          headers: authorize({
            method: rest.method,
            url,
            headers: rest.headers,
            ...(rest.body !== undefined ? { body: rest.body } : {}),
          }),
          signal,
        }),
      }),
    );
    return response;
  };
}

/**
 * Runs a connector's handler in the sandbox (docs/adr/0041): `handler(msg, params)` with the
 * code node's helpers, limits and network guard, plus `serviceAccount(name)` for the accounts
 * the flow chose in the node's service-account params.
 */
export async function runCustomNode(
  node: StoredCustomNode,
  ctx: NodeRunContext<Record<string, unknown>>,
): Promise<NodeResult> {
  const { params, input, scope, sandbox, vars, flow, log, ports, signal } = ctx;
  const withAccount = accountFetch(node, ctx);
  const result = await sandbox.run({
    code: handlerCall(node.code),
    scope,
    msg: input,
    params,
    signal,
    host: {
      getVar: (key) => vars.get(key),
      getFlowData: (path) => flow.get(path),
      setFlowData: (path, value) => flow.set(path, value),
      log: (level, text) => log.user(`console.${level}`, text),
      fetch: ({ account, ...request }) =>
        account === undefined
          ? ports.http.request({ ...request, signal })
          : withAccount({ ...request, account }),
    },
  });
  return { output: 'default', msg: messageFrom(result, input) };
}
