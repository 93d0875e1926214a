import type { ConnectorResponse } from '../kit/define-connector';

/**
 * The values Trello wants as people type them in Brazil: due dates in Brasília time and the
 * custom field item of each field type
 * (https://developer.atlassian.com/cloud/trello/guides/rest-api/getting-started-with-custom-fields/).
 */

const saoPaulo = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Sao_Paulo',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far São Paulo's wall clock is from UTC at this instant (ms, negative: behind). */
function saoPauloOffset(instant: number): number {
  const parts = Object.fromEntries(
    saoPaulo.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** A wall-clock time in São Paulo as an instant (DST of past years included). */
function fromSaoPaulo(y: number, mo: number, d: number, h: number, mi: number): Date | null {
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(wall - saoPauloOffset(wall - saoPauloOffset(wall)));
}

/**
 * A date typed as DD/MM/AAAA [HH:MM] or ISO 8601, read in Brasília time unless it carries its
 * own offset (`Z`, `-03:00`); without an hour, noon (the same day in every American zone).
 * Throws in pt-BR naming the field.
 */
export function trelloDate(value: unknown, field: string): string {
  const text = String(value).trim();
  const invalid = () =>
    new Error(
      `"${field}" não é uma data válida: use DD/MM/AAAA, DD/MM/AAAA HH:MM ou ISO 8601 (recebido: ${text.slice(0, 40)}).`,
    );
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2}))?$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/.exec(text);
  let date: Date | null = null;
  if (br || iso) {
    const [y, mo, d, h, mi, sec] = br
      ? [br[3], br[2], br[1], br[4], br[5], undefined]
      : [iso![1], iso![2], iso![3], iso![4], iso![5], iso![6]];
    date = fromSaoPaulo(Number(y), Number(mo), Number(d), h ? Number(h) : 12, Number(mi ?? 0));
    if (date && sec) date = new Date(date.getTime() + Number(sec) * 1000);
  } else if (/^\d{4}-\d{2}-\d{2}T.+(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const parsed = new Date(text);
    date = Number.isNaN(parsed.getTime()) ? null : parsed;
  }
  if (!date) throw invalid();
  return date.toISOString();
}

/** Trello's custom field types, as the 'Tipo do campo' select offers them. */
export const customFieldTypes = [
  { value: 'text', label: 'Texto' },
  { value: 'number', label: 'Número' },
  { value: 'date', label: 'Data' },
  { value: 'checkbox', label: 'Caixa de seleção' },
  { value: 'list', label: 'Lista suspensa (ID da opção)' },
];

const truthy = ['true', 'sim', 's', '1', 'yes', 'marcado', 'x'];
const falsy = ['false', 'não', 'nao', 'n', '0', 'no', 'desmarcado', ''];

/**
 * The body of PUT /cards/{idCard}/customField/{idCustomField}/item for a field of `type`: an
 * empty value clears the field (Trello's `{"value": ""}`, `{"idValue": ""}`).
 */
export function customFieldItem(type: unknown, value: unknown): Record<string, unknown> {
  const text = value === undefined || value === null ? '' : String(value).trim();
  const label = '"Valor do campo"';
  switch (type) {
    case 'list':
      return { idValue: text };
    case 'checkbox': {
      const lower = text.toLowerCase();
      if (![...truthy, ...falsy].includes(lower))
        throw new Error(`${label} de uma caixa de seleção deve ser sim ou não (true/false).`);
      return { value: { checked: truthy.includes(lower) ? 'true' : 'false' } };
    }
    default:
      if (!text) return { value: '' };
  }
  if (type === 'number') {
    const number = text
      .replace(/\s/g, '')
      .replace(/\.(?=\d{3}(\D|$))/g, '')
      .replace(',', '.');
    if (!/^-?\d+(\.\d+)?$/.test(number))
      throw new Error(`${label} de um campo numérico deve ser um número (recebido: ${text}).`);
    return { value: { number } };
  }
  if (type === 'date') return { value: { date: trelloDate(text, 'Valor do campo') } };
  return { value: { text } };
}

/** Trello's `invalid value for <param>` names its own param: the panel's name for it. */
const fieldNames: Record<string, string> = {
  idList: 'Lista',
  idBoard: 'Quadro',
  idModel: 'Quadro',
  callbackURL: 'Endereço do gatilho',
  idMembers: 'Membros',
  idLabels: 'Etiquetas',
  due: 'Entrega',
  name: 'Nome',
  desc: 'Descrição',
  text: 'Comentário',
  idValue: 'Valor do campo',
  value: 'Valor do campo',
};

/**
 * Trello answers its refusals in plain text (`invalid id`, `invalid token`, `unauthorized card
 * permission requested`): pt-BR naming the field; the text itself follows in parentheses.
 */
export function trelloErrorMessage(response: ConnectorResponse): string | undefined {
  const body = response.body;
  const said =
    typeof body === 'string'
      ? body.trim()
      : body &&
          typeof body === 'object' &&
          typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : '';
  const text = said.slice(0, 200);
  const refused = (reason: string) =>
    `O Trello recusou a chamada: ${reason}${text ? ` (${text})` : ''}.`;
  const param = /invalid value for (\w+)/i.exec(text)?.[1];
  if (param) return refused(`o valor de "${fieldNames[param] ?? param}" não é válido`);
  if (
    /invalid (token|key)|expired token|token (was )?revoked/i.test(text) ||
    (response.status === 401 && /token/i.test(text))
  )
    return refused(
      'a conta de serviço não está mais autorizada; abra a conta e clique em "Autorizar" de novo',
    );
  if (/did not return 200 status code/i.test(text))
    return refused(
      'o endereço do gatilho não respondeu à verificação do Trello; o Ponte precisa ser acessível pela internet no endereço público (PONTE_PUBLIC_URL)',
    );
  if (/unauthorized card permission/i.test(text))
    return refused('a conta não tem acesso ao cartão de "ID do cartão"');
  if (
    /unauthorized (board|list|organization|model)? ?permission|unauthorized/i.test(text) ||
    response.status === 401
  )
    return refused('a conta não tem acesso ao quadro, à lista ou ao cartão informado');
  if (/^invalid id/i.test(text))
    return refused('um ID não é válido; confira "ID do cartão", "Lista" e "Campo personalizado"');
  if (response.status === 404)
    return refused(
      'não encontrou o cartão, a lista ou o campo informado; confira "ID do cartão", "Lista" e "Campo personalizado"',
    );
  return text ? `O Trello recusou a chamada: ${text.replace(/\.$/, '')}.` : undefined;
}
