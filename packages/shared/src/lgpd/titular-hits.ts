import type { TitularHit, TitularPlace } from './titular.schema';

/** Where in a hit the value was, as people read it (a record's field keeps its own name). */
const fieldWords: Record<string, string> = {
  trigger_msg: 'mensagem do gatilho',
  error: 'erro',
  runs: 'dados dos nós',
  summaries: 'resumo dos nós',
  message: 'mensagem',
  label: 'rótulo',
  name: 'nome',
  content: 'conteúdo',
};

/** 'mensagem do gatilho, erro'; a record's fields as `"cpf", "obs"`. */
export function hitFields(place: TitularPlace, hit: TitularHit): string {
  return hit.fields
    .map((field) => (place === 'records' ? `"${field}"` : (fieldWords[field] ?? field)))
    .join(', ');
}

const flowOf = (hit: TitularHit) => `flow "${hit.flow_name ?? hit.flow_id ?? ''}"`;

/** What a hit is, in one line: 'Execução 1a2b… do flow "Cadastro"'. */
export function describeHit(place: TitularPlace, hit: TitularHit): string {
  switch (place) {
    case 'executions':
      return `Execução ${hit.id} do ${flowOf(hit)}`;
    case 'forms':
      return `Envio ${hit.id} do ${flowOf(hit)}`;
    case 'execution_data':
      return `Dados da execução ${hit.id} do ${flowOf(hit)}`;
    case 'logs':
      return `Linha de log da execução ${hit.execution_id ?? ''} do ${flowOf(hit)}`;
    case 'records':
      return `Registro ${hit.id} da tabela "${hit.table_name ?? hit.table_id ?? ''}"`;
    case 'queues':
      return `Mensagem ${hit.id} da fila "${hit.queue_name ?? hit.queue_id ?? ''}"`;
    case 'storage':
      return `${hit.is_folder ? 'Pasta' : 'Arquivo'} ${hit.path ?? hit.id}`;
  }
}
