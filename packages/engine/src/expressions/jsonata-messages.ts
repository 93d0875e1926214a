/**
 * JSONata's error messages in pt-BR, one per code of its `errorCodes` table (jsonata.js), with
 * the same placeholders: `{{name}}` shows the error's field as JSON (`"x"`), `{{{name}}}` as it
 * is. `jsonata-messages.test.ts` reads the installed package's table and fails when a code has
 * no text here, so a JSONata upgrade that adds one cannot reach a person in English.
 */
export const jsonataMessages: Record<string, string> = {
  S0101: 'O texto entre aspas precisa terminar com a mesma aspa que o abriu',
  S0102: 'Número fora do intervalo permitido: {{token}}',
  S0103: 'Sequência de escape não suportada: \\{{token}}',
  S0104: 'A sequência de escape \\u deve ser seguida de 4 dígitos hexadecimais',
  S0105: 'O nome de propriedade entre crases precisa terminar com uma crase (`)',
  S0106: 'O comentário não foi fechado (falta */)',
  S0201: 'Erro de sintaxe: {{token}}',
  S0202: 'Esperava {{value}}, mas encontrou {{token}}',
  S0203: 'Esperava {{value}} antes do fim da expressão',
  S0204: 'Operador desconhecido: {{token}}',
  S0205: 'Token inesperado: {{token}}',
  S0206: 'Tipo de expressão desconhecido: {{token}}',
  S0207: 'Fim inesperado da expressão',
  S0208:
    'O parâmetro {{value}} da definição de função deve ser um nome de variável (começando com $)',
  S0209: 'Um predicado não pode vir depois de uma expressão de agrupamento em um passo',
  S0210: 'Cada passo só pode ter uma expressão de agrupamento',
  S0211: 'O símbolo {{token}} não pode ser usado como operador unário',
  S0212: 'O lado esquerdo de := deve ser um nome de variável (começando com $)',
  S0213: 'O valor literal {{value}} não pode ser usado como passo de um caminho',
  S0214: 'O lado direito de {{token}} deve ser um nome de variável (começando com $)',
  S0215: 'A variável de contexto (@) deve vir antes de qualquer predicado no passo',
  S0216: 'A variável de contexto (@) deve vir antes da ordenação (order-by) no passo',
  S0217: "O objeto que representa o 'pai' (%) não pode ser obtido a partir desta expressão",
  S0301: 'Expressões regulares vazias não são permitidas',
  S0302: 'A expressão regular não foi fechada com /',
  S0401: 'Parâmetros de tipo só podem ser aplicados a funções e arrays',
  S0402: 'Grupos de escolha com tipos parametrizados não são suportados',
  S0500: 'Tentativa de avaliar uma expressão com erro(s) de sintaxe',
  T0410: 'O argumento {{index}} da função {{token}} não corresponde à assinatura da função',
  T0411:
    'O valor de contexto não é de um tipo compatível com o argumento {{index}} da função {{token}}',
  T0412: 'O argumento {{index}} da função {{token}} deve ser um array de {{type}}',
  D1001: 'Número fora do intervalo permitido: {{value}}',
  D1002: 'Não é possível negar um valor não numérico: {{value}}',
  T1003: 'A chave de um objeto deve resultar em um texto; resultou em: {{value}}',
  D1004: 'A expressão regular casa com um texto vazio',
  T1005: 'Tentativa de chamar algo que não é uma função. Você quis dizer ${{{token}}}?',
  T1006: 'Tentativa de chamar algo que não é uma função',
  T1007:
    'Tentativa de aplicar parcialmente algo que não é uma função. Você quis dizer ${{{token}}}?',
  T1008: 'Tentativa de aplicar parcialmente algo que não é uma função',
  D1009: 'Mais de uma definição de chave resulta na mesma chave: {{value}}',
  T1010:
    'A função de correspondência passada para a função {{token}} não retorna um objeto com a estrutura esperada',
  D1011:
    'Estouro de pilha. Verifique se há uma função recursiva que não termina; considere reescrevê-la com recursão de cauda',
  D1012:
    'A avaliação excedeu o tempo limite de {{value}} milissegundos. Verifique se há um laço infinito',
  D1013:
    'Nomes de propriedade que começam com _jsonata_ são reservados para uso interno: {{value}}',
  T2001: 'O lado esquerdo do operador {{token}} deve resultar em um número',
  T2002: 'O lado direito do operador {{token}} deve resultar em um número',
  T2003: 'O lado esquerdo do operador de intervalo (..) deve resultar em um número inteiro',
  T2004: 'O lado direito do operador de intervalo (..) deve resultar em um número inteiro',
  D2005: 'O lado esquerdo de := deve ser um nome de variável (começando com $)',
  T2006: 'O lado direito do operador de aplicação de função ~> deve ser uma função',
  T2007:
    'Tipos incompatíveis ao comparar os valores {{value}} e {{value2}} na ordenação (order-by)',
  T2008: 'As expressões de uma ordenação (order-by) devem resultar em números ou textos',
  T2009:
    'Os valores {{value}} e {{value2}} dos dois lados do operador {{token}} devem ser do mesmo tipo',
  T2010: 'As expressões dos dois lados do operador {{token}} devem resultar em números ou textos',
  T2011:
    'A cláusula de inserção/atualização da expressão de transformação deve resultar em um objeto: {{value}}',
  T2012:
    'A cláusula de remoção da expressão de transformação deve resultar em um texto ou um array de textos: {{value}}',
  T2013:
    'A expressão de transformação copia o objeto de entrada com a função $clone(), que neste escopo foi substituída por algo que não é uma função',
  D2014:
    'A sequência criada pelo operador de intervalo (..) não pode passar de 1e7 itens; tentou-se criar {{value}}',
  D2015: 'O tamanho máximo de uma sequência, {{value}}, foi excedido',
  D3001: 'Tentativa de usar uma função de texto com Infinity ou NaN',
  D3010: 'O segundo argumento da função replace não pode ser um texto vazio',
  D3011: 'O quarto argumento da função replace deve resultar em um número positivo',
  D3012: 'Tentativa de substituir um trecho encontrado por um valor que não é texto',
  D3020: 'O terceiro argumento da função split deve resultar em um número positivo',
  D3030: 'Não foi possível converter o valor em número: {{value}}',
  D3040: 'O terceiro argumento da função match deve resultar em um número positivo',
  D3050: 'O segundo argumento da função reduce deve ser uma função com pelo menos dois argumentos',
  D3060: 'A função sqrt não pode ser aplicada a um número negativo: {{value}}',
  D3061:
    'A função power resultou em um valor que não pode ser representado como número JSON: base={{value}}, expoente={{exp}}',
  D3070:
    'A função sort com um só argumento só pode ser aplicada a um array de textos ou de números. Use o segundo argumento para informar uma função de comparação',
  D3080: 'O formato (picture) deve ter no máximo dois subformatos',
  D3081: 'O subformato não pode ter mais de um separador decimal',
  D3082: 'O subformato não pode ter mais de um caractere de porcentagem (%)',
  D3083: 'O subformato não pode ter mais de um caractere de por mil (‰)',
  D3084: 'O subformato não pode ter ao mesmo tempo porcentagem (%) e por mil (‰)',
  D3085: 'A mantissa do subformato deve ter pelo menos um dígito opcional (#) ou um dígito decimal',
  D3086: 'O subformato não pode ter um caractere passivo entre dois caracteres ativos',
  D3087: 'O subformato não pode ter um separador de milhar junto ao separador decimal',
  D3088: 'O subformato não pode ter um separador de milhar no fim da parte inteira',
  D3089: 'O subformato não pode ter dois separadores de milhar seguidos',
  D3090:
    'A parte inteira do subformato não pode ter um dígito decimal seguido de um dígito opcional (#)',
  D3091:
    'A parte fracionária do subformato não pode ter um dígito opcional (#) seguido de um dígito decimal',
  D3092: 'Um subformato com porcentagem (%) ou por mil (‰) não pode ter um separador de expoente',
  D3093: 'A parte do expoente do subformato deve ter apenas dígitos decimais',
  D3100: 'A base da função formatBase deve estar entre 2 e 36; foi informado {{value}}',
  D3110:
    'O argumento da função toMillis deve ser uma data e hora no formato ISO 8601; foi informado {{value}}',
  D3120: 'Erro de sintaxe na expressão passada para a função eval: {{{value}}}',
  D3121: 'Erro ao avaliar a expressão passada para a função eval: {{{value}}}',
  D3130:
    'Formatar ou ler um número inteiro como uma sequência que começa com {{value}} não é suportado',
  D3131: 'Em um padrão de dígitos decimais, todos os dígitos devem ser do mesmo grupo decimal',
  D3132: 'Componente {{value}} desconhecido no formato de data/hora',
  D3133:
    'O modificador de nome só pode ser aplicado a meses e dias no formato de data/hora, não a {{value}}',
  D3134: 'O formato numérico do fuso horário não pode ter mais de quatro dígitos',
  D3135: "Falta o colchete de fechamento ']' no formato de data/hora",
  D3136: 'Faltam no formato de data/hora componentes necessários para ler a data',
  D3137: '{{{message}}}',
  D3138: 'A função $single() esperava exatamente 1 resultado, mas encontrou mais de um',
  D3139: 'A função $single() esperava exatamente 1 resultado, mas não encontrou nenhum',
  D3140: 'URL malformada passada para ${{{functionName}}}(): {{value}}',
  D3141: '{{{message}}}',
};
