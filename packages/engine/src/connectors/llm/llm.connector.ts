import { messages } from '@ponte/shared/messages';
import { defineNode, type NodeDefinition, type ParamSpecInput } from '../../kit/define-node';
import {
  llmAccountParams,
  llmMaskParam,
  llmNode,
  llmTuningParams,
  openLlm,
  textOf,
} from './llm-call';
import { compileSchema } from './llm-json';

const m = messages.llm;
const label = 'Modelo de linguagem';

const params = {
  ...llmAccountParams,
  system: {
    type: 'textarea',
    label: 'Instruções do sistema',
    description: 'Como o modelo deve se comportar (opcional). Aceita expressões {{ }}.',
  },
  message: {
    type: 'textarea',
    label: 'Mensagem',
    required: true,
    placeholder: 'Resuma o pedido: {{ msg.payload }}',
  },
  ...llmTuningParams(),
  response_format: {
    type: 'select',
    label: 'Formato da resposta',
    default: 'text',
    options: [
      { label: 'Texto', value: 'text' },
      { label: 'JSON', value: 'json' },
    ],
  },
  json_schema: {
    type: 'code-editor',
    language: 'json',
    label: 'Esquema JSON',
    description:
      'Um JSON Schema que a resposta deve seguir (opcional). Uma resposta fora dele é pedida de novo uma vez.',
    showWhen: { response_format: ['json'] },
  },
  ...llmMaskParam,
} satisfies Record<string, ParamSpecInput>;

/** What the node's own params ask, checked before any call. */
function settingsOf(raw: Record<string, unknown>) {
  const message = textOf(raw.message);
  if (!message) throw new Error(m.messageRequired);
  const json = raw.response_format === 'json';
  const schemaSource = json ? textOf(raw.json_schema) : '';
  return {
    system: textOf(raw.system),
    message,
    json,
    schemaSource,
    check: compileSchema(schemaSource),
  };
}

const node = defineNode({
  type: 'svc_llm',
  version: 1,
  category: 'ai',
  label,
  description:
    'Pergunta a um modelo de linguagem (OpenAI e compatíveis, Anthropic, Gemini) e devolve o texto ou um JSON.',
  icon: 'sparkles',
  params,
  outputs: { default: { label: 'Saída' } },
  checkParams(raw) {
    if (raw.response_format !== 'json' || textOf(raw.json_schema).includes('{{')) return null;
    try {
      compileSchema(textOf(raw.json_schema));
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  },
  async run({ params: raw, input, ports, scope, signal, log, progress }) {
    const settings = settingsOf(raw as Record<string, unknown>);
    // A text answer is streamed, its text told to the live editor as it grows (docs/adr/0102);
    // a JSON one is read whole.
    const llm = await openLlm(label, raw as Record<string, unknown>, {
      ports,
      scope,
      signal,
      log,
      ...(settings.json ? {} : { progress }),
    });
    const prompt = { system: llm.hide(settings.system), message: llm.hide(settings.message) };
    const payload = settings.json
      ? await llm.askJson({ ...prompt, schema: settings.schemaSource, check: settings.check })
      : await llm.askText(prompt);
    return { output: 'default', msg: { ...input, payload, llm: llm.report() } };
  },
});

/**
 * 'Modelo de linguagem' (docs/ai.md, docs/adr/0096): one node for the three AI account types,
 * its calls through the service connectors' kit (network guard, waits on 429/503, refusals in
 * pt-BR), personal data masked before it leaves, a JSON answer checked and asked again once, a
 * text answer streamed to the live editor (docs/adr/0102).
 */
export const llmConnector: NodeDefinition = llmNode(label, node);
