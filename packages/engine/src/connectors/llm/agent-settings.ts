import { messages } from '@ponte/shared/messages';
import type { ParamSpecInput } from '../../kit/define-node';
import { llmProviders } from './llm-providers';
import { llmAccountParams, llmMaskParam, llmSettingsOf, llmTuningParams, textOf } from './llm-call';

const m = messages.agent;
const ml = messages.llm;
const accountTypes = llmProviders.map((provider) => provider.accountType);

/** The params of 'Agente de IA' (docs/ai.md). */
export const params = {
  ...llmAccountParams,
  system: {
    type: 'textarea',
    label: 'Instruções do sistema',
    description: 'O papel do agente e as regras que ele segue. Aceita expressões {{ }}.',
  },
  message: {
    type: 'textarea',
    label: 'Mensagem',
    required: true,
    placeholder: '{{ msg.payload.texto }}',
  },
  mcp_server: {
    type: 'service_account',
    label: 'Servidor MCP',
    accepts: ['mcp'],
    description:
      'As ferramentas deste servidor MCP também ficam à disposição do agente (opcional).',
  },
  conversation: {
    type: 'text',
    label: 'Chave da conversa',
    placeholder: '{{ msg.payload.telefone }}',
    description:
      'Lembra a conversa por esta chave no workspace (ex.: o telefone do cliente). Vazio: sem memória.',
  },
  memory_window: {
    type: 'number',
    label: 'Mensagens lembradas',
    default: 20,
    min: 1,
    max: 200,
    description: 'Quantas mensagens anteriores da conversa vão para o modelo.',
  },
  memory_days: {
    type: 'number',
    label: 'Guardar a conversa por (dias)',
    default: 30,
    min: 1,
    max: 3650,
    description: 'A conversa é apagada quando passa este tempo sem mensagens (LGPD).',
  },
  max_steps: {
    type: 'number',
    label: 'Máximo de passos',
    default: 10,
    min: 1,
    max: 50,
    description: 'Quantas vezes o modelo pode ser chamado (cada rodada de ferramentas é um passo).',
  },
  max_seconds: {
    type: 'number',
    label: 'Tempo máximo (segundos)',
    default: 120,
    min: 1,
    max: 900,
  },
  fallback_account: {
    type: 'service_account',
    label: 'Conta reserva',
    accepts: accountTypes,
    description: 'Usada quando o modelo principal falha (fora do ar, limite de uso).',
  },
  fallback_model: {
    type: 'text',
    label: 'Modelo reserva',
    placeholder: 'claude-haiku-4-5',
  },
  ...llmTuningParams(),
  ...llmMaskParam,
} satisfies Record<string, ParamSpecInput>;

function integerIn(raw: unknown, fallback: number, min: number, max: number, error: string) {
  const value = raw === undefined || raw === null || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(error);
  return value;
}

/** What the params ask, checked before any call. */
export function settingsOf(raw: Record<string, unknown>) {
  const base = llmSettingsOf(raw);
  const message = textOf(raw.message);
  if (!message) throw new Error(ml.messageRequired);
  const conversation = textOf(raw.conversation);
  if (conversation.length > 200) throw new Error(m.conversationTooLong);
  const fallbackAccount = textOf(raw.fallback_account);
  const fallbackModel = textOf(raw.fallback_model);
  if (fallbackAccount && !fallbackModel) throw new Error(m.fallbackModelRequired);
  return {
    ...base,
    system: textOf(raw.system),
    message,
    conversation,
    window: integerIn(raw.memory_window, 20, 1, 200, m.windowRange(String(raw.memory_window))),
    days: integerIn(raw.memory_days, 30, 1, 3650, m.retentionRange(String(raw.memory_days))),
    maxSteps: integerIn(raw.max_steps, 10, 1, 50, m.stepsRange(String(raw.max_steps))),
    maxSeconds: integerIn(raw.max_seconds, 120, 1, 900, m.timeRange(String(raw.max_seconds))),
    fallback: fallbackAccount ? { account: fallbackAccount, model: fallbackModel } : null,
  };
}

export type Settings = ReturnType<typeof settingsOf>;
