import { isCnpj, isCpf } from '../documents';

/**
 * The chave de acesso of an NF-e and of the documents that share its layout (NFC-e, CT-e, MDF-e,
 * CT-e OS…): 44 characters, per the "Manual de Orientação do Contribuinte" of the NF-e (Portal
 * Nacional da NF-e, MOC 7.0, Anexo I, "Chave de Acesso"), with the emitter's alphanumeric CNPJ
 * of the Nota Técnica Conjunta 2025.001 (DF-e, CNPJ alfanumérico). See docs/adr/0119.
 */

/** IBGE codes of the 27 units of the federation (cUF). */
export const ufByIbgeCode: Readonly<Record<string, string>> = {
  '11': 'RO',
  '12': 'AC',
  '13': 'AM',
  '14': 'RR',
  '15': 'PA',
  '16': 'AP',
  '17': 'TO',
  '21': 'MA',
  '22': 'PI',
  '23': 'CE',
  '24': 'RN',
  '25': 'PB',
  '26': 'PE',
  '27': 'AL',
  '28': 'SE',
  '29': 'BA',
  '31': 'MG',
  '32': 'ES',
  '33': 'RJ',
  '35': 'SP',
  '41': 'PR',
  '42': 'SC',
  '43': 'RS',
  '50': 'MS',
  '51': 'MT',
  '52': 'GO',
  '53': 'DF',
};

/** The fiscal document models (mod) whose keys have this layout. */
export const documentModels: Readonly<Record<string, string>> = {
  '55': 'NF-e',
  '57': 'CT-e',
  '58': 'MDF-e',
  '62': 'NFCom',
  '63': 'BP-e',
  '64': 'GTV-e',
  '65': 'NFC-e',
  '66': 'NF3e',
  '67': 'CT-e OS',
};

/** The forms of issue (tpEmis), MOC 7.0, field B22. */
export const issueTypes: Readonly<Record<string, string>> = {
  '1': 'Normal',
  '2': 'Contingência FS-IA',
  '3': 'Contingência SCAN',
  '4': 'Contingência EPEC',
  '5': 'Contingência FS-DA',
  '6': 'Contingência SVC-AN',
  '7': 'Contingência SVC-RS',
  '9': 'Contingência off-line da NFC-e',
};

export type AccessKeyParts = {
  chave: string;
  uf: { codigo: string; sigla: string };
  /** Year and month of issue, 'AAAA-MM'. */
  ano_mes: string;
  emitente: { tipo: 'cnpj' | 'cpf'; documento: string };
  modelo: { codigo: string; nome: string };
  serie: number;
  numero: number;
  tipo_emissao: { codigo: string; nome: string };
  codigo_numerico: string;
  digito_verificador: number;
};

export type AccessKeyCheck =
  | ({ valida: true; problemas: [] } & AccessKeyParts)
  | { valida: false; problemas: string[]; chave: string };

/**
 * The check digit (cDV) of the first 43 characters: módulo 11, weights 2 to 9 from the right
 * starting again at 2, a remainder of 0 or 1 gives 0, else 11 minus it (MOC 7.0, Anexo I).
 * A letter of an alphanumeric CNPJ counts as its ASCII code minus 48, as in the CNPJ's own
 * check digits (NT 2025.001), so a numeric key keeps the digit it always had.
 */
export function accessKeyCheckDigit(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The key as people paste it: spaces (the DANFE prints it in groups of 4) and a leading 'NFe' go. */
export function normaliseAccessKey(value: string): string {
  return value.replace(/\s+/g, '').replace(/^NFe/i, '').toUpperCase();
}

/** The emitter's document in positions 7-20: a CNPJ (numeric or alphanumeric), or '000' + CPF. */
function emitterOf(field: string): AccessKeyParts['emitente'] | null {
  if (isCnpj(field)) return { tipo: 'cnpj', documento: field };
  if (field.startsWith('000') && isCpf(field.slice(3))) {
    return { tipo: 'cpf', documento: field.slice(3) };
  }
  return null;
}

/** What is wrong in a 44-character key, field by field (empty when nothing is). */
function fieldProblems(key: string): string[] {
  const problems: string[] = [];
  const uf = key.slice(0, 2);
  if (!ufByIbgeCode[uf]) problems.push(`Código de UF desconhecido: ${uf} (posições 1 e 2).`);
  const month = Number(key.slice(4, 6));
  if (month < 1 || month > 12) {
    problems.push(`Mês de emissão inválido: ${key.slice(4, 6)} (posições 5 e 6, AAMM).`);
  }
  if (!emitterOf(key.slice(6, 20))) {
    problems.push(`CNPJ ou CPF do emitente inválido: ${key.slice(6, 20)} (posições 7 a 20).`);
  }
  const model = key.slice(20, 22);
  if (!documentModels[model]) {
    problems.push(`Modelo de documento desconhecido: ${model} (posições 21 e 22).`);
  }
  const issue = key.slice(34, 35);
  if (!issueTypes[issue]) {
    problems.push(`Tipo de emissão desconhecido: ${issue} (posição 35).`);
  }
  const expected = accessKeyCheckDigit(key.slice(0, 43));
  if (Number(key[43]) !== expected) {
    problems.push(
      `Dígito verificador errado: ${key[43]}; o correto para esta chave é ${expected}.`,
    );
  }
  return problems;
}

/** The shape: 44 characters, digits everywhere but the CNPJ's 12 first places. */
function shapeProblem(key: string): string | null {
  if (key.length === 0) return 'Informe a chave de acesso.';
  if (key.length !== 44) {
    return `A chave de acesso tem 44 caracteres; a informada tem ${key.length}.`;
  }
  if (!/^\d{6}[0-9A-Z]{12}\d{26}$/.test(key)) {
    return 'A chave de acesso só tem algarismos, salvo letras nas 12 primeiras posições do CNPJ do emitente (posições 7 a 18).';
  }
  return null;
}

/** Checks a chave de acesso and, when it is valid, reads its fields. */
export function checkAccessKey(value: string): AccessKeyCheck {
  const chave = normaliseAccessKey(value);
  const shape = shapeProblem(chave);
  if (shape) return { valida: false, problemas: [shape], chave };
  const problemas = fieldProblems(chave);
  if (problemas.length > 0) return { valida: false, problemas, chave };
  const uf = chave.slice(0, 2);
  const model = chave.slice(20, 22);
  const issue = chave.slice(34, 35);
  return {
    valida: true,
    problemas: [],
    chave,
    uf: { codigo: uf, sigla: ufByIbgeCode[uf]! },
    ano_mes: `20${chave.slice(2, 4)}-${chave.slice(4, 6)}`,
    emitente: emitterOf(chave.slice(6, 20))!,
    modelo: { codigo: model, nome: documentModels[model]! },
    serie: Number(chave.slice(22, 25)),
    numero: Number(chave.slice(25, 34)),
    tipo_emissao: { codigo: issue, nome: issueTypes[issue]! },
    codigo_numerico: chave.slice(35, 43),
    digito_verificador: Number(chave[43]),
  };
}
