/**
 * The functions a `{{ }}` expression may call, for the expression editor's completion: JSONata's
 * built-ins (https://docs.jsonata.org/overview) with a pt-BR line each. `$pad`, `$fromMillis`
 * and `$now` are Ponte's guarded versions (a width over 100 000 characters is refused), and
 * `$toMillis` and `$eval` match regular expressions in linear time (docs/adr/0018). Ponte adds
 * the Brazilian documents, money and dates (`$cpf`, `$cnpj`, `$cep`, `$telefone`, `$moeda`,
 * `$dataBR`, docs/adr/0118).
 */
export interface JsonataFunction {
  /** Without the `$`. */
  name: string;
  /** As written in JSONata's documentation, with pt-BR argument names. */
  signature: string;
  description: string;
}

const f = (name: string, args: string, description: string): JsonataFunction => ({
  name,
  signature: `$${name}(${args})`,
  description,
});

export const jsonataFunctions: readonly JsonataFunction[] = [
  // Texto
  f('string', 'valor, bonito?', 'Converte o valor em texto (objetos e listas viram JSON).'),
  f('length', 'texto', 'Número de caracteres do texto.'),
  f(
    'substring',
    'texto, início, tamanho?',
    'Parte do texto a partir da posição início (0 é a primeira).',
  ),
  f('substringBefore', 'texto, trecho', 'O texto antes da primeira ocorrência do trecho.'),
  f('substringAfter', 'texto, trecho', 'O texto depois da primeira ocorrência do trecho.'),
  f('uppercase', 'texto', 'O texto em letras maiúsculas.'),
  f('lowercase', 'texto', 'O texto em letras minúsculas.'),
  f('trim', 'texto', 'Tira os espaços do começo e do fim e junta espaços repetidos.'),
  f(
    'pad',
    'texto, largura, caractere?',
    'Completa o texto até a largura (negativa: à esquerda); no máximo 100.000.',
  ),
  f(
    'contains',
    'texto, padrão',
    'Verdadeiro se o texto contém o trecho ou casa com a expressão regular.',
  ),
  f(
    'split',
    'texto, separador, limite?',
    'Divide o texto em uma lista pelo separador (texto ou expressão regular).',
  ),
  f('join', 'lista, separador?', 'Junta uma lista de textos em um só, com o separador entre eles.'),
  f(
    'match',
    'texto, padrão, limite?',
    'As ocorrências de uma expressão regular no texto, com os grupos.',
  ),
  f(
    'replace',
    'texto, padrão, substituto, limite?',
    'Troca as ocorrências do trecho ou da expressão regular.',
  ),
  f('eval', 'expressão, contexto?', 'Avalia um texto como expressão JSONata.'),
  f('base64encode', 'texto', 'Codifica o texto em Base64.'),
  f('base64decode', 'texto', 'Decodifica um texto em Base64.'),
  f('encodeUrlComponent', 'texto', 'Codifica o texto para um parâmetro de URL.'),
  f('encodeUrl', 'texto', 'Codifica o texto como URL completa.'),
  f('decodeUrlComponent', 'texto', 'Decodifica um parâmetro de URL.'),
  f('decodeUrl', 'texto', 'Decodifica uma URL completa.'),
  // Números
  f('number', 'valor', 'Converte o valor em número ("10.5" vira 10,5; true vira 1).'),
  f('abs', 'número', 'O valor absoluto do número.'),
  f('floor', 'número', 'Arredonda para baixo.'),
  f('ceil', 'número', 'Arredonda para cima.'),
  f('round', 'número, casas?', 'Arredonda com as casas decimais pedidas (meio para o par).'),
  f('power', 'base, expoente', 'A base elevada ao expoente.'),
  f('sqrt', 'número', 'A raiz quadrada do número.'),
  f('random', '', 'Um número aleatório entre 0 (incluído) e 1.'),
  f(
    'formatNumber',
    'número, modelo, opções?',
    'Formata o número segundo o modelo ("#.##0,00" com opções de separador).',
  ),
  f('formatBase', 'número, base?', 'O número escrito em outra base (2 a 36).'),
  f(
    'formatInteger',
    'número, modelo',
    'Escreve o inteiro segundo o modelo (por extenso, romano…).',
  ),
  f('parseInteger', 'texto, modelo', 'Lê um inteiro escrito segundo o modelo.'),
  // Agregação
  f('sum', 'lista', 'A soma dos números da lista.'),
  f('max', 'lista', 'O maior número da lista.'),
  f('min', 'lista', 'O menor número da lista.'),
  f('average', 'lista', 'A média dos números da lista.'),
  f('count', 'lista', 'Quantos itens a lista tem.'),
  // Lógica
  f('boolean', 'valor', 'Converte o valor em verdadeiro ou falso.'),
  f('not', 'valor', 'O contrário do valor lógico.'),
  f('exists', 'valor', 'Verdadeiro se o caminho tem valor.'),
  // Listas
  f('append', 'lista1, lista2', 'Junta duas listas.'),
  f('sort', 'lista, função?', 'A lista ordenada (a função diz se a troca a ordem de dois itens).'),
  f('reverse', 'lista', 'A lista em ordem inversa.'),
  f('shuffle', 'lista', 'A lista em ordem aleatória.'),
  f('distinct', 'lista', 'A lista sem itens repetidos.'),
  f('zip', 'lista1, lista2, …', 'Combina as listas item a item.'),
  // Objetos
  f('keys', 'objeto', 'Os nomes dos campos do objeto.'),
  f('lookup', 'objeto, campo', 'O valor do campo com esse nome.'),
  f('spread', 'objeto', 'Uma lista de objetos de um campo cada.'),
  f('merge', 'lista de objetos', 'Junta os objetos em um só (o último vence).'),
  f('sift', 'objeto, função', 'Os campos do objeto para os quais a função é verdadeira.'),
  f('each', 'objeto, função', 'Aplica a função a cada campo (valor, nome) e dá a lista.'),
  f('type', 'valor', 'O tipo do valor: "string", "number", "boolean", "array", "object", "null".'),
  f('error', 'mensagem', 'Interrompe com a mensagem dada.'),
  f('assert', 'condição, mensagem', 'Interrompe com a mensagem se a condição for falsa.'),
  // Funções sobre listas
  f('map', 'lista, função', 'Aplica a função a cada item e dá a lista dos resultados.'),
  f('filter', 'lista, função', 'Os itens para os quais a função é verdadeira.'),
  f(
    'single',
    'lista, função?',
    'O único item que satisfaz a função (erro se houver zero ou mais de um).',
  ),
  f('reduce', 'lista, função, inicial?', 'Acumula os itens com a função (soma, junção…).'),
  // Datas
  f('now', 'modelo?, fuso?', 'O instante da avaliação em ISO 8601 (ou no modelo pedido).'),
  f('millis', '', 'O instante da avaliação em milissegundos desde 1970.'),
  f(
    'fromMillis',
    'milissegundos, modelo?, fuso?',
    'Escreve o instante como texto ISO 8601 ou no modelo ("[D01]/[M01]/[Y0001]").',
  ),
  f('toMillis', 'texto, modelo?', 'Lê uma data em texto e dá os milissegundos desde 1970.'),
  // Documentos brasileiros
  f(
    'cpf',
    'valor, modo?',
    'O CPF com máscara ("529.982.247-25"); erro se inválido. Modo "valido": verdadeiro ou falso; "digitos": só os números.',
  ),
  f(
    'cnpj',
    'valor, modo?',
    'O CNPJ com máscara, também alfanumérico ("12.ABC.345/01DE-35"); erro se inválido. Modos "valido" e "digitos".',
  ),
  f(
    'cep',
    'valor, modo?',
    'O CEP com máscara ("01310-100"); erro se inválido. Modos "valido" e "digitos".',
  ),
  f(
    'telefone',
    'valor, modo?',
    'O telefone no formato internacional E.164 ("+5511987654321"). Modo "nacional": "(11) 98765-4321"; "valido": verdadeiro ou falso.',
  ),
  f(
    'moeda',
    'valor',
    'Um número vira texto em reais ("R$ 1.234,50"); um texto em reais ("1.234,56", "R$ 10,00") vira número.',
  ),
  f(
    'dataBR',
    'valor, comHora?',
    'Um instante vira "DD/MM/AAAA" no horário de São Paulo (com hora: "DD/MM/AAAA HH:mm"); "DD/MM/AAAA" vira "AAAA-MM-DD".',
  ),
  // Dias úteis e feriados
  f(
    'diaUtil',
    'data, local?',
    'Verdadeiro se a data é dia útil: de segunda a sexta e sem feriado; local "BR" (padrão), "SP" ou "SP/São Paulo".',
  ),
  f(
    'proximoDiaUtil',
    'data, local?',
    'O primeiro dia útil depois da data (a própria data não conta), como AAAA-MM-DD.',
  ),
  f(
    'somarDiasUteis',
    'data, n, local?',
    'A data mais n dias úteis (n negativo volta), como AAAA-MM-DD; no máximo 10.000.',
  ),
  f(
    'nDiaUtil',
    'mês, n, local?',
    'O n-ésimo dia útil do mês ("2026-12" ou "12/2026"); n = -1 é o último.',
  ),
  f(
    'feriado',
    'data, local?',
    'O nome do feriado da data (a lista, se houver mais de um), ou nada num dia comum.',
  ),
];
