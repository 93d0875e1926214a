import { pixGui } from './br-code';
import { crc16 } from './crc16';
import { readFields, type EmvField } from './emv-tlv';

/** The data objects of a BR Code by ID; a template holds its own objects. */
export interface BrCodeFields {
  [id: string]: string | BrCodeFields;
}

/** What a BR Code says, under the names docs/brasil.md documents. */
export interface ParsedBrCode {
  tipo: 'estatico' | 'dinamico';
  /** Field 01 holds '12': the code is meant for one payment. */
  uso_unico: boolean;
  chave: string | null;
  url: string | null;
  valor: number | null;
  nome: string | null;
  cidade: string | null;
  txid: string | null;
  info_adicional: string | null;
  cep: string | null;
  crc: string;
  campos: BrCodeFields;
}

/** A BR Code that cannot be read or fails a check: the message says what and where (pt-BR). */
export class BrCodeParseError extends Error {}

const fail = (message: string): never => {
  throw new BrCodeParseError(message);
};

/** Templates in EMV QRCPS-MPM: merchant accounts 26-51, additional data 62, 64, and 80-99. */
const isTemplate = (id: string) => {
  const n = Number(id);
  return (n >= 26 && n <= 51) || n === 62 || n === 64 || n >= 80;
};

/** The objects of a template, or null when its value does not read as one. */
function templateFields(field: EmvField): EmvField[] | null {
  const inner = readFields(field.value, field.position + 4);
  return typeof inner === 'string' ? null : inner;
}

function tree(fields: EmvField[]): BrCodeFields {
  const out: BrCodeFields = {};
  for (const field of fields) {
    const inner = isTemplate(field.id) ? templateFields(field) : null;
    out[field.id] = inner ? tree(inner) : field.value;
  }
  return out;
}

const text = (value: string | BrCodeFields | undefined): string | null =>
  typeof value === 'string' ? value : null;

/** Field 63, checked: its 4 hex digits are the CRC16 of everything up to "6304". */
function checkedCrc(payload: string, fields: EmvField[]): string {
  const last = fields[fields.length - 1]!;
  if (last.id !== '63' || !/^[0-9A-Fa-f]{4}$/.test(last.value)) {
    fail('BR Code inválido: falta o CRC no fim (o campo 63, com 4 dígitos hexadecimais).');
  }
  const expected = crc16(payload.slice(0, last.position + 4));
  const given = last.value.toUpperCase();
  if (given !== expected) {
    fail(
      `CRC do BR Code não confere: o código traz ${given}, o certo seria ${expected}. O texto foi alterado ou copiado pela metade.`,
    );
  }
  return given;
}

/** The first merchant account (26 to 51) whose GUI is the Pix arrangement's. */
function pixAccount(campos: BrCodeFields): BrCodeFields {
  for (let id = 26; id <= 51; id++) {
    const account = campos[String(id)];
    if (typeof account === 'object' && text(account['00'])?.toLowerCase() === pixGui) {
      return account;
    }
  }
  return fail(`Este BR Code não é um Pix: nenhum campo de 26 a 51 traz o identificador ${pixGui}.`);
}

function amountOf(value: string | null): number | null {
  if (value === null) return null;
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(value) || Number(value) <= 0) {
    fail(`Valor do BR Code inválido (campo 54): "${value}".`);
  }
  return Number(value);
}

/** The fields every BR Code must have (Manual do BR Code), with their names. */
const mandatory: [string, string][] = [
  ['52', 'código de categoria'],
  ['53', 'moeda'],
  ['58', 'país'],
  ['59', 'nome do recebedor'],
  ['60', 'cidade'],
];

/**
 * Reads and checks a BR Code ('Pix copia e cola'): the EMV objects walked one by one, the
 * payload format '01', the CRC16 of field 63, the Pix merchant account (GUI br.gov.bcb.pix)
 * with its key or URL, the mandatory fields and the currency (986, real). Throws
 * `BrCodeParseError` with a pt-BR message saying what failed and where.
 */
export function parseBrCode(payload: string): ParsedBrCode {
  const code = payload.trim();
  if (!code) fail('Informe o BR Code.');
  const fields = readFields(code);
  if (typeof fields === 'string') return fail(`BR Code inválido: ${fields}`);
  const first = fields[0]!;
  if (first.id !== '00' || first.value !== '01') {
    fail(
      'Formato de BR Code desconhecido: o primeiro campo deve ser 00 com o valor 01 (versão do payload).',
    );
  }
  const crc = checkedCrc(code, fields);
  const campos = tree(fields);
  const account = pixAccount(campos);
  const chave = text(account['01']);
  const url = text(account['25']);
  if (!chave && !url) fail('O campo do Pix não traz a chave (01) nem a URL (25).');
  const missing = mandatory.find(([id]) => campos[id] === undefined);
  if (missing) fail(`BR Code incompleto: falta o campo ${missing[0]} (${missing[1]}).`);
  if (campos['53'] !== '986') {
    fail(`Moeda do BR Code não é o real: o campo 53 deveria ser 986, é "${text(campos['53'])}".`);
  }
  const extra = campos['62'];
  return {
    tipo: url ? 'dinamico' : 'estatico',
    uso_unico: campos['01'] === '12',
    chave,
    url,
    valor: amountOf(text(campos['54'])),
    nome: text(campos['59']),
    cidade: text(campos['60']),
    txid: typeof extra === 'object' ? text(extra['05']) : null,
    info_adicional: text(account['02']),
    cep: text(campos['61']),
    crc,
    campos,
  };
}
