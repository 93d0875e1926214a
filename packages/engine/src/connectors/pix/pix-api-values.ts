import { isCnpj, isCpf, cnpjCharacters } from '@ponte/shared/brazil/documents';
import { parseBrNumber } from '@ponte/shared/brazil/numbers';
import { isRealDay } from '@ponte/shared/brazil/calendar/calendar-days';

/**
 * The node's params turned into the Pix API's values (https://github.com/bacen/pix-api,
 * openapi.yaml): amounts as "123.45" text, the debtor's CPF or CNPJ, RFC 3339 dates, txids.
 * Each refusal is a pt-BR sentence naming the param.
 */

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/**
 * An amount in reais as the API writes it (`\d{1,10}\.\d{2}`): a number, or a text typed as in
 * Brazil ('1.234,56') or as programs write it ('1234.56'); more than zero, two decimals. A text
 * is read the pt-BR way (`parseBrNumber`): '1.500' is one thousand five hundred reais.
 */
export function pixAmount(value: unknown, label: string): string {
  const number = typeof value === 'number' ? value : parseBrNumber(text(value));
  if (number === null || !Number.isFinite(number) || number <= 0)
    throw new Error(`${label}: informe um valor em reais maior que zero, como 123,45.`);
  const cents = Math.round(number * 100);
  if (Math.abs(number * 100 - cents) > 1e-6)
    throw new Error(`${label}: o valor tem mais de dois decimais (${text(value)}).`);
  const amount = (cents / 100).toFixed(2);
  if (amount.length > 13) throw new Error(`${label}: o valor é grande demais para a API Pix.`);
  return amount;
}

/** `devedor` of a charge (schema CobSolicitada): CPF or CNPJ with the name, or nothing. */
export function pixDebtor(
  document: unknown,
  name: unknown,
): { cpf: string; nome: string } | { cnpj: string; nome: string } | undefined {
  const id = text(document);
  const nome = text(name);
  if (!id && !nome) return undefined;
  if (!id || !nome)
    throw new Error('Devedor: informe o CPF ou CNPJ e o nome juntos (a API Pix pede os dois).');
  if (isCpf(id)) return { cpf: id.replace(/\D/g, ''), nome };
  if (isCnpj(id)) return { cnpj: cnpjCharacters(id), nome };
  throw new Error(`CPF ou CNPJ do devedor: "${id}" não é um CPF nem um CNPJ válido.`);
}

/** `infoAdicionais`: a JSON list of `{nome, valor}` or an object of name → value. */
export function pixExtraInfo(value: unknown): { nome: string; valor: string }[] | undefined {
  let parsed = value;
  if (typeof value === 'string') {
    if (!value.trim()) return undefined;
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      throw new Error('Informações adicionais: o JSON não é válido.');
    }
  }
  if (parsed === undefined || parsed === null) return undefined;
  const pairs = Array.isArray(parsed)
    ? parsed.map((item: unknown) => {
        const entry = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
        return { nome: text(entry.nome), valor: text(entry.valor) };
      })
    : typeof parsed === 'object'
      ? Object.entries(parsed as Record<string, unknown>).map(([nome, valor]) => ({
          nome,
          valor: text(valor),
        }))
      : [];
  if (pairs.some((pair) => !pair.nome || !pair.valor))
    throw new Error(
      'Informações adicionais: use uma lista de {"nome": "...", "valor": "..."} ou um objeto {"nome": "valor"}.',
    );
  return pairs.length ? pairs : undefined;
}

const brazilian = /^(\d{2})\/(\d{2})\/(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const iso = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Brasília's offset: UTC−03:00, with no daylight saving since 2019 (Decreto nº 9.772/2019). */
const brasilia = '-03:00';

/** The RFC 3339 text of a moment's parts, or undefined when the day or the time does not exist. */
function rfc3339(parts: {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  offset: string;
}): string | undefined {
  const { year, month, day, hour, minute, second, offset } = parts;
  if (!isRealDay(Number(year), Number(month), Number(day))) return undefined;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return undefined;
  const zone =
    offset.toUpperCase() === 'Z' ? 'Z' : offset.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${zone}`;
}

/**
 * A moment as RFC 3339 (schemas Inicio and Fim): DD/MM/AAAA [HH:mm[:ss]] or an ISO date-time
 * without offset read in Brasília's time (UTC−03:00), an ISO date-time with its offset kept.
 * A day or time that does not exist (31/02) is refused.
 */
export function pixMoment(value: unknown, label: string): string {
  const raw = text(value);
  const br = brazilian.exec(raw);
  const at = iso.exec(raw);
  let moment: string | undefined;
  if (br) {
    const [, day = '', month = '', year = '', hour = '00', minute = '00', second = '00'] = br;
    moment = rfc3339({ year, month, day, hour, minute, second, offset: brasilia });
  } else if (at) {
    const [, year = '', month = '', day = '', hour = '', minute = '', second = '00'] = at;
    const fraction = at[7] ?? '';
    const parts = { year, month, day, hour, minute, second, offset: at[8] ?? brasilia };
    moment = rfc3339(parts)?.replace(/(:\d{2})(Z|[+-].*)$/, `$1${fraction}$2`);
  } else {
    throw new Error(`${label}: informe a data como 31/12/2026 18:00 ou 2026-12-31T18:00:00-03:00.`);
  }
  if (!moment) throw new Error(`${label}: a data ou a hora não existe ("${raw}").`);
  return moment;
}

/** A charge's txid (schema TxId): 26 to 35 letters and digits. */
export function pixTxid(value: unknown): string {
  const txid = text(value);
  if (!/^[a-zA-Z0-9]{26,35}$/.test(txid))
    throw new Error(`txid: use de 26 a 35 letras e números, sem espaços nem símbolos ("${txid}").`);
  return txid;
}

/** A Pix's end-to-end id (schema EndToEndId): 32 letters and digits. */
export function pixEndToEndId(value: unknown): string {
  const id = text(value);
  if (!/^[a-zA-Z0-9]{32}$/.test(id))
    throw new Error(`EndToEndId: o identificador do Pix tem 32 letras e números ("${id}").`);
  return id;
}

/** A refund's id chosen by the receiver (schema DevolucaoId): 1 to 35 letters and digits. */
export function pixRefundId(value: unknown): string {
  const id = text(value);
  if (!/^[a-zA-Z0-9]{1,35}$/.test(id))
    throw new Error(`ID da devolução: use de 1 a 35 letras e números ("${id}").`);
  return id;
}
