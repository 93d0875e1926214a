import type {
  FlowImportTotals,
  ImportAccountNeedRow,
  NodeImportReportRow,
} from '@ponte/shared/flow-import.schema';
import { messages } from '@ponte/shared/messages';
import { serviceAccountTypeLabels } from '@ponte/shared/service-accounts.schema';
import type { ServiceAccountType } from '@ponte/shared/service-account-types';

const m = messages.flowImport;

export interface ReportedFlow {
  name: string;
  _id?: string;
  report: NodeImportReportRow[];
  accounts?: ImportAccountNeedRow[];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 'Total: 3 traduzidos, 1 adaptado, 1 não traduzido.' */
export const totalsLine = (totals: FlowImportTotals): string => m.totals(totals);

/** One line per node: its result, its original name and type, and the notes. */
function nodeLine(row: NodeImportReportRow, width: number): string {
  const status = `[${m.statusLabel[row.status]}]`.padEnd(width + 2);
  const notes = row.notes.length ? `: ${row.notes.join(' ')}` : '';
  return `  ${status} ${row.original_name} (${row.original_type})${notes}`;
}

/** The credentials of a flow whose service accounts are to be picked in Ponte. */
function accountLines(accounts: ImportAccountNeedRow[]): string[] {
  return accounts.map((need) => {
    const type =
      serviceAccountTypeLabels[need.account_type as ServiceAccountType] ?? need.account_type;
    return `  Credencial "${need.original_name || need.key}" (${need.original_type}): escolha uma conta de serviço do tipo ${type} nos nós que a usam.`;
  });
}

/**
 * The report of `ponte import --from`, as a person reads it: per flow its name, then a line per
 * original node, then the totals and what was done.
 */
export function flowImportReport(
  flows: ReportedFlow[],
  totals: FlowImportTotals,
  dryRun: boolean,
): string {
  const width = Math.max(...Object.values(m.statusLabel).map((label) => label.length));
  const lines: string[] = [];
  for (const flow of flows) {
    lines.push(`Flow "${flow.name}"${flow._id ? ` (id ${flow._id})` : ''}`);
    lines.push(...flow.report.map((row) => nodeLine(row, width)));
    lines.push(...accountLines(flow.accounts ?? []));
    lines.push('');
  }
  lines.push(totalsLine(totals));
  lines.push(
    dryRun
      ? 'Simulação (--dry-run): nada foi importado.'
      : `${plural(flows.length, 'flow importado', 'flows importados')}, desativados: revise-os e ative-os pela interface do Ponte.`,
  );
  return lines.join('\n');
}
