import { stringify } from 'csv-stringify/sync';
import { formatDate } from '@ponte/shared/format';
import { dataCategories, legalBases } from '@ponte/shared/lgpd/lgpd.schema';
import {
  hasSensitiveData,
  maskLabel,
  registerStatusLabels,
  retentionLabel,
  type RegisterEntry,
} from '@ponte/shared/lgpd/register.schema';
import { csvFormats, neutralize, stringifyOptions } from '../../lib/csv-format';

const excel = csvFormats.excel;

export const registerCsvHeader = [
  'Flow',
  'Grupo',
  'Ativo',
  'Situação do registro',
  'Finalidade',
  'Base legal',
  'Categorias de dados',
  'Dados sensíveis',
  'Prazo de guarda',
  'Retenção dos logs e dados das execuções',
  'Mascaramento',
  'Flow alterado em',
];

/** The texts of an entry as the register prints them, in the header's order. */
export function registerCells(entry: RegisterEntry): string[] {
  return [
    entry.name,
    entry.group_name ?? 'Sem grupo',
    excel.boolean(entry.enabled),
    registerStatusLabels[entry.status],
    entry.purpose,
    entry.legal_basis ? legalBases[entry.legal_basis] : '',
    entry.data_categories.map((category) => dataCategories[category].label).join('; '),
    entry.data_categories.length ? excel.boolean(hasSensitiveData(entry.data_categories)) : '',
    entry.retention_note,
    retentionLabel(entry),
    maskLabel(entry),
    formatDate(entry.updated_at),
  ];
}

/**
 * The register as a Brazilian spreadsheet opens it (docs/adr/0125): `;`, UTF-8 with BOM, CRLF,
 * Sim/Não, dates DD/MM/YYYY in America/Sao_Paulo; texts a spreadsheet would run as a formula
 * are neutralised. Several categories share one cell, separated by '; '.
 */
export function registerCsv(entries: readonly RegisterEntry[]): string {
  const rows = entries.map((entry) => registerCells(entry).map(neutralize));
  return stringify([registerCsvHeader, ...rows], { ...stringifyOptions(excel), bom: excel.bom });
}
