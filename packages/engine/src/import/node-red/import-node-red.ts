import { ImportFormatError, type ImportResult } from '../import-result';
import { indexExport } from './export-index';
import { readNodeRedExport } from './node-red-export';
import { translateFlow } from './translate-flow';

/**
 * A Node-RED export (the editor's JSON, or the admin API's `{flows, rev}`) as Ponte flows: one
 * per tab, one per subflow definition, one for nodes without a tab; each with a report of
 * every original node. Nothing of the export runs: it is read as data only.
 */
export function importNodeRed(input: unknown): ImportResult {
  const index = indexExport(readNodeRedExport(input));
  const containers = index.containers.filter(
    (container) => container.members.length || container.configs.length,
  );
  if (!containers.length)
    throw new ImportFormatError('A exportação do Node-RED não tem nenhum nó para importar.');
  return {
    source: 'node-red',
    flows: containers.map((container) => translateFlow(container, index)),
  };
}
