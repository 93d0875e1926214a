import { codeNodeSource, codeNotes, type CodeMode } from '../code-node';
import type { MapContext, Mapped } from '../n8n-workflow';

/** n8n's Code, Function, Respond to Webhook and Execute Workflow as Ponte's (ADR 0135). */

function codeMapped(context: MapContext, mode: CodeMode, code: string): Mapped {
  const notes = codeNotes(code);
  if (notes === null) context.note('O código não pôde ser lido como JavaScript: confira-o.');
  for (const note of notes ?? []) context.note(`Código: ${note}.`);
  return {
    type: 'core_code',
    params: { code: codeNodeSource(context.node.name, mode, code) },
    outputs: [['default']],
  };
}

export const codeNode = (context: MapContext): Mapped => {
  const p = context.params;
  const language = String(p.language ?? 'javaScript');
  if (language !== 'javaScript') {
    return {
      type: 'core_code',
      params: { code: '' },
      outputs: [['default']],
      notTranslated: 'Código em Python: o nó Código do Ponte roda só JavaScript.',
    };
  }
  const mode: CodeMode = p.mode === 'runOnceForEachItem' ? 'eachItem' : 'allItems';
  return codeMapped(context, mode, String(p.jsCode ?? ''));
};

export const functionNode = (context: MapContext): Mapped =>
  codeMapped(context, 'function', String(context.params.functionCode ?? ''));

export const functionItemNode = (context: MapContext): Mapped =>
  codeMapped(context, 'functionItem', String(context.params.functionCode ?? ''));

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

function responseBody(context: MapContext, respondWith: string): unknown {
  const p = context.params;
  if (respondWith === 'allIncomingItems')
    return '{{ $type(msg.payload) = "array" ? msg.payload : [msg.payload] }}';
  if (respondWith === 'firstIncomingItem')
    return '{{ $type(msg.payload) = "array" ? msg.payload[0] : msg.payload }}';
  if (respondWith === 'noData') return '';
  if (respondWith === 'json') {
    const body = p.responseBody ?? '';
    const parsed = typeof body === 'string' && !body.startsWith('=') ? parseJson(body) : undefined;
    return parsed !== undefined ? `{{ ${JSON.stringify(parsed)} }}` : context.value(body);
  }
  if (respondWith === 'text') return context.value(p.responseBody ?? '');
  return '';
}

export const respondToWebhook = (context: MapContext): Mapped => {
  const p = context.params;
  const respondWith = String(p.respondWith ?? 'firstIncomingItem');
  const options = p.options ?? {};
  const headers = ((options.responseHeaders?.entries ?? []) as Record<string, unknown>[]).map(
    (row) => ({
      key: context.value(row.name ?? ''),
      value: context.value(row.value ?? ''),
    }),
  );
  let status = Number(options.responseCode ?? 200);
  if (respondWith === 'redirect') {
    headers.push({ key: 'Location', value: context.value(p.redirectURL ?? '') });
    if (!options.responseCode) status = 307;
  }
  const mapped: Mapped = {
    type: 'core_respond_webhook',
    params: { status, headers, body: responseBody(context, respondWith) },
    outputs: [['default']],
  };
  if (respondWith === 'binary' || respondWith === 'jwt')
    mapped.notTranslated = `Responder com "${respondWith}" não tem equivalente no Ponte.`;
  return mapped;
};

/** The called workflow's id: a plain string or a resource locator `{__rl, value}`. */
function calledId(value: unknown): string {
  if (value && typeof value === 'object') return String((value as { value?: unknown }).value ?? '');
  return String(value ?? '');
}

export const executeWorkflow = (context: MapContext): Mapped => {
  const p = context.params;
  const source = String(p.source ?? 'database');
  const base: Mapped = {
    type: 'core_execute_flow',
    params: {
      flow: '',
      payload: '{{ msg.payload }}',
      wait: p.options?.waitForSubWorkflow !== false,
    },
    outputs: [['default']],
  };
  if (source !== 'database') {
    return {
      ...base,
      notTranslated: `Chamar um workflow vindo de "${source}" (e não um workflow salvo) não tem equivalente no Ponte.`,
    };
  }
  const id = calledId(p.workflowId);
  if (!id || id.startsWith('=')) {
    context.note(
      id
        ? 'O workflow chamado vem de uma expressão: escolha o flow no nó.'
        : 'O nó do n8n não tinha workflow escolhido: escolha o flow no nó.',
    );
    return base;
  }
  if (p.mode === 'each')
    context.note(
      'No n8n o workflow era chamado uma vez por item; no Ponte, uma vez com a mensagem.',
    );
  return { ...base, flowRef: id };
};
