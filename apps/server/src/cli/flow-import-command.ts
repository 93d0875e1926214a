import type { FlowImportSource, FlowImportTotals } from '@ponte/shared/flow-import.schema';
import type { Database } from '../db/client';
import { createFlowImportService } from '../modules/flow-import/flow-import.service';
import { createFlowsRepository } from '../modules/flows/flows.repository';
import type { FlowsService } from '../modules/flows/flows.service';
import type { ReportedFlow } from './flow-import-report';

/** The source, the parsed file, and whether only to report (`--dry-run`). */
export type FlowImportArgs = [source: FlowImportSource, content: unknown, dryRun: boolean];

/**
 * `ponte import --from`: the report of every flow of the file, and unless `dryRun` the flows
 * created disabled (with the credentials of each still to pick: the command picks no account).
 */
export function flowImportCommand(db: Database, flows: FlowsService) {
  const service = createFlowImportService({
    flows,
    flowNames: createFlowsRepository(db).allNames,
    account: async () => null,
  });
  return async (
    workspaceId: string,
    ...[source, content, dryRun]: FlowImportArgs
  ): Promise<{ flows: ReportedFlow[]; totals: FlowImportTotals }> => {
    const body = { source, document: content };
    const preview = await service.preview(workspaceId, body);
    if (dryRun) return preview;
    const created = await service.importFlows(workspaceId, body);
    const reported: ReportedFlow[] = created.flows.map((flow, index) => ({
      ...flow,
      accounts: preview.flows[index]?.accounts ?? [],
    }));
    return { flows: reported, totals: created.totals };
  };
}
