import { messages } from '@ponte/shared/messages';
import { defineNode } from '../../../kit/define-node';
import type { Message } from '../../../kit/message';

export const defaultCode = `// msg é a mensagem recebida. O que você retornar segue para o próximo conector;
// sem return, msg segue com as alterações feitas nele.
// Disponíveis: getVar, getFlowData, setFlowData, toSlug, jsonStringify, moment, axios,
// OpenAI, Buffer e console.log (vira log do usuário).
msg.payload = { ...msg.payload, processado_em: moment().format() };
return msg;
`;

/**
 * What the code returned becomes the outgoing message: an object is the message itself,
 * `undefined` passes `msg` on, any other value becomes `msg.payload`. (The sandbox answers a
 * code without return with `msg` as the code left it.)
 */
export function messageFrom(result: unknown, input: Message): Message {
  if (result === undefined) return input;
  if (result && typeof result === 'object' && !Array.isArray(result)) return result as Message;
  return { ...input, payload: result };
}

export const codeNode = defineNode({
  type: 'core_code',
  version: 1,
  category: 'action',
  label: 'Código',
  description: 'Executa JavaScript num ambiente isolado, com msg e as funções auxiliares.',
  icon: 'code',
  params: {
    code: {
      type: 'code-editor',
      label: 'Código',
      language: 'javascript',
      required: true,
      default: defaultCode,
    },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, scope, sandbox, vars, flow, log, ports, signal }) {
    const result = await sandbox.run({
      code: params.code,
      scope,
      msg: input,
      signal,
      host: {
        getVar: (key) => vars.get(key),
        getFlowData: (path) => flow.get(path),
        setFlowData: (path, value) => flow.set(path, value),
        log: (level, text) => log.user(`console.${level}`, text),
        fetch: async ({ account, ...request }) => {
          // serviceAccount(name) is for the params of custom connectors: the code node has none.
          if (account !== undefined)
            throw new Error(messages.customNodes.accountParamUnknown(account));
          return ports.http.request({ ...request, signal });
        },
      },
    });
    return { output: 'default', msg: messageFrom(result, input) };
  },
});
