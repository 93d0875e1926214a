import {
  createPersonalDataMasker,
  type PersonalDataMasker,
} from '@ponte/shared/brazil/personal-data';
import { nodeManifestSchema } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import { defineNode, type NodeDefinition, type ParamSpecInput } from '../../kit/define-node';
import { sendConnectorRequest, type ConnectorCall } from '../kit/connector-http';
import { accountParam, openCall, type ConnectorService } from '../kit/define-connector';
import { compileSchema, parseAnswer, type SchemaCheck } from './llm-json';
import {
  llmProviders,
  providerOf,
  providerService,
  type ChatAnswer,
  type ChatCall,
  type LlmProvider,
} from './llm-providers';

const m = messages.llm;
const label = 'Modelo de linguagem';

const params = {
  service_account: accountParam(
    llmProviders.map((provider) => provider.accountType),
    'Uma conta de API compatível com OpenAI (também modelos locais), da Anthropic ou do Google Gemini.',
  ),
  model: {
    type: 'text',
    label: 'Modelo',
    required: true,
    placeholder: 'gpt-4o-mini',
    description:
      'O nome do modelo no provedor (ex.: gpt-4o-mini, claude-sonnet-4-5, gemini-2.5-flash).',
    lookup: { name: 'models' },
  },
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
  temperature: {
    type: 'number',
    label: 'Temperatura',
    min: 0,
    max: 2,
    description:
      'De 0 (mais previsível) a 2 (mais variado); vazio: a do provedor. A Anthropic aceita até 1.',
  },
  max_tokens: {
    type: 'number',
    label: 'Máximo de tokens',
    default: 1024,
    min: 1,
    description: 'O tamanho máximo da resposta, em tokens.',
  },
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
  mask_personal_data: {
    type: 'boolean',
    label: 'Mascarar dados pessoais',
    default: true,
    description:
      'CPF, CNPJ, e-mail, telefone, CEP e cartão saem como [CPF_1]… e voltam na resposta.',
  },
} satisfies Record<string, ParamSpecInput>;

/** The account types the node takes: the kit checks the account against them. */
const llmService: ConnectorService = {
  service: 'llm',
  label,
  accountTypes: llmProviders.map((provider) => provider.accountType),
  baseUrl: (account) => providerOf(account).vendorUrl,
  authorize: () => undefined,
  errorMessage: () => undefined,
};

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What the params ask, checked before any call. */
function settingsOf(raw: Record<string, unknown>) {
  const model = textOf(raw.model);
  if (!model) throw new Error(m.modelRequired);
  const message = textOf(raw.message);
  if (!message) throw new Error(m.messageRequired);
  let temperature: number | undefined;
  if (raw.temperature !== undefined && raw.temperature !== null && raw.temperature !== '') {
    temperature = Number(raw.temperature);
    if (!Number.isFinite(temperature) || temperature < 0 || temperature > 2)
      throw new Error(m.temperatureRange(String(raw.temperature)));
  }
  const maxTokens = Number(raw.max_tokens ?? 1024);
  if (!Number.isInteger(maxTokens) || maxTokens < 1)
    throw new Error(m.maxTokensRange(String(raw.max_tokens)));
  const json = raw.response_format === 'json';
  const schemaSource = json ? textOf(raw.json_schema) : '';
  return {
    model,
    system: textOf(raw.system),
    message,
    temperature,
    maxTokens,
    json,
    schemaSource,
    check: compileSchema(schemaSource),
    mask: raw.mask_personal_data !== false,
  };
}

/** What a JSON answer must be, said to the model after the person's own instructions. */
function jsonInstructions(schemaSource: string): string {
  const base =
    'Responda apenas com um JSON válido, sem texto antes ou depois. (Answer with JSON only.)';
  return schemaSource ? `${base}\nO JSON deve seguir este JSON Schema:\n${schemaSource}` : base;
}

/** One call to the provider: the answer's text, or the provider's failure in pt-BR. */
async function ask(call: ConnectorCall, provider: LlmProvider, chat: ChatCall) {
  const response = await sendConnectorRequest(call, provider.chat(chat));
  const read = provider.read(response.body, chat);
  if ('missing' in read) throw new Error(m.noText(provider.who, read.missing));
  return read;
}

/** A JSON answer read, its strings unmasked, then checked; or what is wrong with it. */
function readJson(
  answer: ChatAnswer,
  check: SchemaCheck | null,
  masker: PersonalDataMasker | null,
): { value: unknown } | { problem: string; parse: boolean } {
  const parsed = parseAnswer(answer.text);
  if ('problem' in parsed) return { problem: parsed.problem, parse: true };
  const value = masker ? masker.unmaskValue(parsed.value) : parsed.value;
  const problem = check?.(value);
  return problem ? { problem, parse: false } : { value };
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
  async run({ params: raw, input, ports, scope, signal, log }) {
    const settings = settingsOf(raw as Record<string, unknown>);
    const opened = await openCall(llmService, String(raw.service_account), {
      ports,
      scope,
      signal,
    });
    const provider = providerOf(opened.account);
    const call = { ...opened, declaration: providerService(provider, opened.account) };
    // One masker per execution of the node: the same value keeps its placeholder in the retry.
    const masker = settings.mask ? createPersonalDataMasker() : null;
    const hide = (text: string) => (masker ? masker.mask(text) : text);
    const system = [
      hide(settings.system),
      settings.json ? jsonInstructions(settings.schemaSource) : '',
    ]
      .filter(Boolean)
      .join('\n\n');
    const chat: ChatCall = {
      model: settings.model,
      system,
      turns: [{ role: 'user', text: hide(settings.message) }],
      ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
      maxTokens: settings.maxTokens,
      json: settings.json,
    };
    let answer = await ask(call, provider, chat);
    const tokens = { ...answer.tokens };
    let payload: unknown;
    if (!settings.json) {
      payload = masker ? masker.unmask(answer.text) : answer.text;
    } else {
      let outcome = readJson(answer, settings.check, masker);
      if ('problem' in outcome) {
        log.user(label, `A resposta não foi aceita (${outcome.problem}); pedindo de novo uma vez.`);
        const retry: ChatCall = {
          ...chat,
          turns: [
            ...chat.turns,
            { role: 'assistant', text: answer.text },
            { role: 'user', text: hide(m.retryPrompt(outcome.problem)) },
          ],
        };
        answer = await ask(call, provider, retry);
        tokens.entrada += answer.tokens.entrada;
        tokens.saida += answer.tokens.saida;
        outcome = readJson(answer, settings.check, masker);
        if ('problem' in outcome) {
          throw new Error(
            outcome.parse
              ? m.notJson(provider.who, outcome.problem)
              : m.notSchema(provider.who, outcome.problem),
          );
        }
      }
      payload = outcome.value;
    }
    // Counts only: the values behind the placeholders never leave the node.
    const llm = {
      model: answer.model,
      provider: provider.id,
      tokens,
      masked: masker ? masker.counts() : {},
    };
    return { output: 'default', msg: { ...input, payload, llm } };
  },
});

/**
 * 'Modelo de linguagem' (docs/ai.md, docs/adr/0096): one node for the three AI account types,
 * its calls through the service connectors' kit (network guard, waits on 429/503, refusals in
 * pt-BR), personal data masked before it leaves, a JSON answer checked and asked again once.
 */
export const llmConnector: NodeDefinition = {
  ...node,
  manifest: nodeManifestSchema.parse(node.manifest),
  async lookupOptions(name, request) {
    if (name !== 'models') throw new Error(`${label} não tem a lista "${name}".`);
    const opened = await openCall(llmService, request.accountId, request);
    const provider = providerOf(opened.account);
    const call = { ...opened, declaration: providerService(provider, opened.account) };
    const response = await sendConnectorRequest(call, provider.models.request);
    return provider.models.options(response.body).slice(0, 1000);
  },
};
