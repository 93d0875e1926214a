import type { ParamSpecInput } from '../../kit/define-node';

/**
 * The Bling node's params, each shown for the operations that list it (bling.connector.ts).
 * Bling's bodies are large: the main fields are params, the rest goes in 'Campos adicionais'
 * with Bling's own names (https://developer.bling.com.br/referencia).
 */

const jsonParam = (label: string, description: string, placeholder: string): ParamSpecInput => ({
  type: 'code-editor',
  language: 'json',
  label,
  description,
  placeholder,
});

export const blingParams: Record<string, ParamSpecInput> = {
  id: {
    type: 'text',
    label: 'ID',
    required: true,
    placeholder: '16219735350',
    description: 'O número do registro no Bling (o "id" que o Bling devolve ao criar ou listar).',
  },
  filtros: jsonParam(
    'Filtros',
    'Filtros da listagem do Bling, com os nomes da referência da API (ex.: dataInicial, idContato, pesquisa, situacao).',
    '{"dataInicial": "2026-01-01"}',
  ),
  // Pedido de venda
  contato_id: {
    type: 'text',
    label: 'ID do contato',
    placeholder: '16693257776',
    description: 'O cliente do pedido ou o destinatário da nota: o id do contato no Bling.',
  },
  data: {
    type: 'text',
    label: 'Data',
    placeholder: '31/12/2026',
    description: 'A data do pedido (DD/MM/AAAA ou AAAA-MM-DD). Obrigatória ao criar.',
  },
  itens: {
    type: 'table-params',
    label: 'Itens',
    description:
      'Um item por linha: o produto pelo ID ou pelo código, a quantidade e o valor unitário (1.234,56).',
    columns: [
      { key: 'produto_id', label: 'ID do produto', type: 'text' },
      { key: 'codigo', label: 'Código (SKU)', type: 'text' },
      { key: 'descricao', label: 'Descrição', type: 'text' },
      { key: 'quantidade', label: 'Quantidade', type: 'text' },
      { key: 'valor', label: 'Valor unitário', type: 'text' },
    ],
  },
  observacoes: { type: 'textarea', label: 'Observações' },
  // Contato e produto
  nome: { type: 'text', label: 'Nome', description: 'Obrigatório ao criar.' },
  tipo_pessoa: {
    type: 'select',
    label: 'Tipo de pessoa',
    default: 'auto',
    options: [
      { label: 'Pelo CPF/CNPJ', value: 'auto' },
      { label: 'Física', value: 'F' },
      { label: 'Jurídica', value: 'J' },
      { label: 'Estrangeira', value: 'E' },
    ],
  },
  documento: {
    type: 'text',
    label: 'CPF/CNPJ',
    placeholder: '12.ABC.345/01DE-35',
    description: 'Com ou sem pontuação; aceita o CNPJ alfanumérico.',
  },
  email: { type: 'text', label: 'E-mail', placeholder: 'compras@cliente.com.br' },
  telefone: { type: 'text', label: 'Telefone', placeholder: '(11) 3333-4444' },
  codigo: { type: 'text', label: 'Código (SKU)' },
  preco: {
    type: 'text',
    label: 'Preço',
    placeholder: '1.234,56',
    description: 'Em reais, como se escreve no Brasil (1.234,56) ou com ponto decimal (1234.56).',
  },
  unidade: { type: 'text', label: 'Unidade', placeholder: 'UN' },
  // Estoque
  produto_id: { type: 'text', label: 'ID do produto', required: true, placeholder: '16219735350' },
  deposito_id: {
    type: 'text',
    label: 'ID do depósito',
    description: 'Vazio: o depósito padrão da conta no Bling.',
  },
  operacao_estoque: {
    type: 'select',
    label: 'Operação de estoque',
    default: 'E',
    options: [
      { label: 'Entrada', value: 'E' },
      { label: 'Saída', value: 'S' },
      { label: 'Balanço (define o saldo)', value: 'B' },
    ],
  },
  quantidade: { type: 'text', label: 'Quantidade', required: true, placeholder: '10' },
  custo: { type: 'text', label: 'Custo', placeholder: '12,50' },
  produtos_ids: {
    type: 'text',
    label: 'IDs dos produtos',
    required: true,
    placeholder: '16219735350, 16219735351',
    description: 'Um ou mais ids de produto, separados por vírgula.',
  },
  // Nota fiscal
  tipo_nota: {
    type: 'select',
    label: 'Tipo da nota',
    default: '1',
    options: [
      { label: 'Saída', value: '1' },
      { label: 'Entrada', value: '0' },
    ],
  },
  campos_adicionais: jsonParam(
    'Campos adicionais',
    'Outros campos do corpo, com os nomes da referência da API do Bling; um campo preenchido acima vale mais que o mesmo campo aqui.',
    '{"observacoesInternas": "Pedido do site"}',
  ),
};
