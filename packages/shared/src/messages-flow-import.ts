/**
 * Importing flows of other tools (n8n, Node-RED; docs/adr/0138): the server's, the CLI's and
 * the screens' texts.
 */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const flowImportMessages = {
  sourceLabel: { n8n: 'n8n', 'node-red': 'Node-RED' } as Record<string, string>,
  statusLabel: {
    translated: 'Traduzido',
    adapted: 'Adaptado',
    not_translated: 'Não traduzido',
  } as Record<string, string>,
  /** 'Total: 3 traduzidos, 1 adaptado, 1 não traduzido.' */
  totals: (t: { translated: number; adapted: number; not_translated: number }) =>
    `Total: ${[
      count(t.translated, 'traduzido', 'traduzidos'),
      count(t.adapted, 'adaptado', 'adaptados'),
      count(t.not_translated, 'não traduzido', 'não traduzidos'),
    ].join(', ')}.`,
  importButton: (flows: number) => `Importar ${count(flows, 'flow', 'flows')}`,
  imported: (flows: number) =>
    flows === 1 ? '1 flow importado, desativado.' : `${flows} flows importados, desativados.`,
  title: (source: string) => `Importar de ${source === 'n8n' ? 'n8n' : 'Node-RED'}`,
  noAccountOfType: (type: string) => `Nenhuma conta do tipo ${type}: crie em Contas de serviço.`,
  unreadableFile: 'Não foi possível ler o arquivo: ele não é um JSON válido.',
  tooLarge: 'O arquivo passa de 10 MB, o limite de uma importação.',
  noFlows: 'O arquivo não tem nenhum flow para importar.',
  unknownNeed: (key: string) => `A credencial "${key}" não existe neste arquivo.`,
  accountMissing: (credential: string) =>
    `A conta de serviço escolhida para a credencial "${credential}" não existe neste workspace.`,
  accountWrongType: (credential: string, type: string) =>
    `A conta de serviço escolhida para a credencial "${credential}" não é do tipo ${type}.`,
  flowRefResolved: (name: string) => `Chama o flow "${name}", importado junto.`,
  flowRefMissing: 'O flow chamado não veio neste arquivo: escolha-o no nó depois de importar.',
  accountPicked: (account: string) => `Usa a conta de serviço "${account}".`,
  accountMissingNote: 'Escolha a conta de serviço no nó antes de ativar o flow.',
  failed: (name: string, reason: string) =>
    `Nada foi importado: o flow "${name}" não pode ser criado (${reason}).`,
};
