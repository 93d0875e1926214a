import { customNodeMessages } from './messages-custom-nodes';
import { flowImportMessages } from './messages-flow-import';
import { customNodeOpenApiMessages } from './messages-custom-nodes-openapi';
import { alertRuleMessages } from './messages-alert-rules';
import { dashboardMessages } from './messages-dashboards';
import { formMessages } from './messages-forms';
import { llmMessages } from './messages-llm';
import { agentMessages } from './messages-agent';
import { mcpMessages } from './messages-mcp';
import { mcpServerMessages } from './messages-mcp-server';
import { versionMessages } from './messages-versions';
import {
  accountMessages,
  apiKeyMessages,
  groupAccessMessages,
  memberMessages,
} from './messages-team';
import { oauthAppMessages, serviceAccountsOauthMessages } from './messages-oauth';
import { ssoMessages } from './messages-sso';
import { holidayMessages } from './messages-holidays';
import { lgpdRegisterMessages } from './messages-lgpd-register';
import { retentionMessages } from './messages-retention';
import { groupMessages } from './messages-groups';

/** Up to five hosts as pt-BR lists them ("a, b e c"), then how many more. */
function hostList(hosts: readonly string[]): string {
  const shown = hosts.slice(0, 5);
  const more = hosts.length - shown.length;
  const items = more > 0 ? [...shown, `mais ${more}`] : shown;
  return new Intl.ListFormat('pt-BR', { type: 'conjunction' }).format(items);
}

const integerFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** '1 registro', '12.345 registros'. */
const recordCount = (count: number) =>
  `${integerFormat.format(count)} ${count === 1 ? 'registro' : 'registros'}`;

/** Every pt-BR text shared by server and web. Spec texts are copied to the letter. */
export const messages = {
  generic: {
    invalidField: (field: string) => `O campo "${field}" é inválido.`,
    /** A number as people in Brazil type them (brazil/numbers.ts, docs/adr/0077). */
    invalidNumber: 'Informe um número, ex.: 1.234,56, 1234,56 ou 1234.56.',
    requiredField: (field: string) => `O campo "${field}" é obrigatório.`,
    invalidBody: 'O corpo da requisição é inválido.',
    payloadTooLarge: 'A requisição é grande demais.',
    notFound: 'Recurso não encontrado.',
    routeNotFound: 'Rota não encontrada.',
    internal: 'Ocorreu um erro interno. Tente novamente mais tarde.',
    databaseUnavailable: 'O banco de dados não respondeu. Tente novamente em instantes.',
    redisUnavailable: 'O Redis não respondeu. Tente de novo em alguns segundos.',
    redisRefusingWrites:
      'O Redis está recusando gravações (disco cheio, memória esgotada ou réplica somente leitura). Tente de novo em alguns segundos.',
    unauthorized: 'Sessão inválida ou expirada. Entre novamente.',
    forbidden: 'Você não tem permissão para esta ação.',
    /** NUL, or half of a character (a lone UTF-16 surrogate): `text.ts`. */
    forbiddenCharacter:
      'O texto não pode conter o caractere nulo (\\u0000) nem metade de um caractere (\\ud800 a \\udfff sem o seu par).',
    forbiddenCharacterIn: (field: string) =>
      `O campo "${field}" não pode conter o caractere nulo (\\u0000) nem metade de um caractere (\\ud800 a \\udfff sem o seu par).`,
    tooDeep: (max: number) => `O JSON enviado tem mais de ${max} níveis de objetos e listas.`,
  },
  account: accountMessages,
  apiKeys: apiKeyMessages,
  members: memberMessages,
  groupAccess: groupAccessMessages,
  sso: ssoMessages,
  holidays: holidayMessages,
  lgpdRegister: lgpdRegisterMessages,
  retention: retentionMessages,
  groups: groupMessages,
  variables: {
    nameRequired: 'O campo "Nome" é obrigatório.',
    nameTooLong: 'O nome deve ter no máximo 120 caracteres.',
    keyRequired: 'O campo "Chave" é obrigatório.',
    keyTooLong: 'A chave deve ter no máximo 100 caracteres.',
    keyPattern: 'A chave deve começar com uma letra ou "_" e conter apenas letras, números e "_".',
    keyTaken: 'Já existe uma variável com esta chave neste workspace.',
    valueTooLong: 'O valor deve ter no máximo 100000 caracteres.',
    notFound: 'Variável não encontrada.',
    removeConfirm: 'Deseja realmente remover a variável?',
    removed: 'Variável removida com sucesso',
    removeError: 'Ocorreu um erro ao remover a variável',
    saved: 'Variável salva com sucesso',
    saveError: 'Ocorreu um erro ao salvar a variável',
  },
  flows: {
    nameLength: 'O nome do fluxo deve ter entre 1 a 120 caracteres',
    notesTooLarge: 'Limite de tamanho de nota atingido. O tamanho máximo é de 1MB.',
    notFound: 'Flow não encontrado.',
    groupNotFound: 'O grupo escolhido não existe neste workspace.',
    saved: 'Fluxo salvo com sucesso',
    deprecated:
      'O fluxo contém um ou mais conectores que serão removidos em breve. Por favor, remova-os antes de salvar o fluxo.',
    nodeLimit: (limit: number) =>
      `Você atingiu o limite de conectores do tipo Action/Trigger (${limit}) para o mesmo fluxo! Entre em contato com o suporte para saber mais.`,
    saveError: (detail: string) => `Ocorreu um erro ao salvar o fluxo: ${detail}`,
    invalidDocument: 'O fluxo possui erros e não pode ser salvo assim.',
    unusableNodes:
      'O fluxo contém conectores que não podem ser usados nesta instalação. Remova-os antes de salvar o fluxo.',
    invalidToEnable:
      'O fluxo possui erros e não pode ser ativado. Corrija-os ou salve-o desativado.',
    copyName: (name: string) => `${name} (cópia)`,
    removed: 'Flow removido com sucesso!',
    removeError: (detail: string) => `Erro ao remover Flow:${detail}`,
    nameMismatch: 'O nome do flow não confere com o nome digitado!',
    /** A save that must register a trigger's address where no public address is known (CLI). */
    hookAddressUnknown:
      'o endereço público do Ponte não é conhecido aqui: defina PONTE_PUBLIC_URL ou salve o flow pela interface.',
    hookRegistrationFailed: (node: string, reason: string) =>
      `Não foi possível registrar o endereço do gatilho "${node}" no serviço, e o flow não foi salvo: ${reason}`,
    duplicated: 'Flow duplicado com sucesso!',
    /** After a save: a literal URL of a node that the network guard will refuse (ADR 0082). */
    networkWarning: (label: string, refusal: string) =>
      `O conector "${label}" vai falhar ao executar: ${refusal}`,
  },
  monitoring: {
    badFilters: 'Os filtros dos logs são inválidos.',
    empty: 'Nenhum log de atividade recebido para o período e filtros selecionados.',
    searchBusy: (seconds: number) =>
      `Muitas buscas de logs em andamento neste workspace. Tente novamente em ${seconds} s.`,
    searchTimeout:
      'A busca nos logs demorou demais. Escolha um período menor ou um texto mais específico.',
  },
  tables: {
    newName: 'Nova tabela',
    nameRequired: 'O nome da tabela é obrigatório.',
    nameTooLong: 'O nome da tabela deve ter no máximo 120 caracteres.',
    nameTaken: 'Já existe uma tabela com esse nome.',
    notFound: 'Tabela não encontrada.',
    saved: 'A tabela foi salva com sucesso!',
    saveError: (reason: string) => `Ocorreu um erro ao salvar a tabela: ${reason}`,
    removed: 'A tabela foi removida com sucesso!',
    removeNameMismatch: 'O nome da tabela não confere com o nome digitado!',
    errorsFound: 'Erros encontrados:',
    atLeastOneField: 'A tabela deve conter pelo menos um campo.',
    tooManyFields: 'A tabela pode ter no máximo 200 campos.',
    fieldNameRequired: (n: number) => `O campo "Nome" da campo ${n} é obrigatório.`,
    fieldNamePattern: (n: number) =>
      `O nome do campo ${n} deve começar com uma letra ou "_" e conter apenas letras, números e "_".`,
    fieldNameReserved: (n: number, name: string) =>
      `O nome do campo ${n} ("${name}") é reservado: escolha outro.`,
    fieldLabelRequired: (n: number) => `O campo "Label" da campo ${n} é obrigatório.`,
    fieldTypeRequired: (n: number) => `O campo "Tipo" da campo ${n} é obrigatório.`,
    fieldLengthRequired: (n: number) => `O campo "Tamanho" da campo ${n} é obrigatório.`,
    duplicateFieldNames: (names: string) => `Existem campos com nomes duplicados: ${names}`,
    copied: 'Conteúdo copiado para a área de transferência',
    groupNotFound: 'Grupo não encontrado.',
    /** A unique field whose existing records already repeat a value. */
    uniqueExisting: (label: string) =>
      `Não é possível tornar o campo "${label}" único: há registros com valores repetidos.`,
    /** A type, length or required change some records do not satisfy (ids listed). */
    fieldChangeRefused: (label: string, ids: string) =>
      `O campo "${label}" não pode ser alterado: os registros ${ids} têm valores incompatíveis.`,
    /** Asked before an existing field that holds values leaves the structure editor. */
    fieldValuesCount: (count: number) =>
      `Este campo tem valores em ${recordCount(count)}. Ao salvar a tabela, esses valores serão apagados e não poderão ser recuperados.`,
    /** A save that would delete a field's values without saying so (409, one per field). */
    fieldHasValues: (label: string, count: number) =>
      `O campo "${label}" tem valores em ${recordCount(count)}: confirme a remoção para apagá-los.`,
    /** A field added with the name of a field removed long ago, whose values records still hold. */
    oldValuesUnderName: (name: string, count: number) =>
      `Há valores antigos de um campo removido chamado "${name}" em ${recordCount(count)}: confirme para apagá-los.`,
    duplicatePreviousName: (name: string) =>
      `Mais de um campo diz ter se chamado "${name}": cada campo existente só pode ser renomeado uma vez.`,
  },
  records: {
    saved: 'Registro salvo com sucesso!',
    saveError: (reason: string) => `Ocorreu um erro ao salvar o registro: ${reason}`,
    notFound: 'Registro não encontrado.',
    removeConfirm: 'Tem certeza que deseja remover este item? Esta ação não poderá ser desfeita.',
    massRemoveConfirm: (count: number) =>
      `Tem certeza que deseja remover os ${count} itens selecionados? Esta ação não poderá ser desfeita.`,
    fieldRequired: (label: string) => `O campo "${label}" é obrigatório.`,
    fieldTooLong: (label: string, length: number) =>
      `O campo "${label}" deve ter no máximo ${length} caracteres.`,
    fieldInteger: (label: string) =>
      `O campo "${label}" deve ser um número inteiro, ex.: 1.234 ou 1234.`,
    fieldFloat: (label: string) =>
      `O campo "${label}" deve ser um número, ex.: 1.234,56, 1234,56 ou 1234.56.`,
    fieldBoolean: (label: string) => `O campo "${label}" deve ser verdadeiro ou falso.`,
    fieldText: (label: string) => `O campo "${label}" deve ser um texto.`,
    fieldDate: (label: string) => `O campo "${label}" deve ser uma data no formato AAAA-MM-DD.`,
    fieldDatetime: (label: string) =>
      `O campo "${label}" deve ser uma data e hora ISO 8601 com fuso (ex.: 2024-05-01T13:45:00-03:00).`,
    /** A key of a record's data, a filter, a sort or an export column the table lacks. */
    unknownField: (name: string, table: string) =>
      `O campo "${name}" não existe na tabela "${table}".`,
    uniqueTaken: (label: string) => `Já existe um registro com esse valor no campo "${label}".`,
    filterInvalid: 'O filtro é inválido.',
    filterField: (label: string) => `O filtro do campo "${label}" é inválido.`,
    exportTooLarge: (max: number) =>
      `A exportação passa de ${max} registros: baixe o arquivo CSV pelo download.`,
  },
  audit: {
    title: 'Auditoria',
    empty: 'Nenhum evento registrado com estes filtros.',
  },
  securityLog: {
    socketFlood: 'Eventos demais no socket ao vivo: conexão encerrada.',
  },
  engine: {
    executionNotRunning: 'Esta execução não está em andamento.',
    executionNotFound: 'Execução não encontrada.',
    noAttemptToCome: 'Esta execução não aguarda uma nova tentativa.',
    flowNotFound: 'Flow não encontrado.',
    flowDisabled: 'Este flow está desativado.',
    noManualTrigger: "O flow deve conter um conector 'Manual Trigger'.",
    webhookNotFound: 'Webhook não encontrado.',
    webhookUnauthorized: 'Credenciais do webhook inválidas.',
    hookSignatureInvalid: 'A assinatura da entrega não confere com o segredo da conta do gatilho.',
    hookAccountMissing: 'A conta de serviço do gatilho não existe mais.',
    hookBodyInvalid: 'O corpo da entrega não é um JSON válido.',
    webhookTimeout: 'O flow não respondeu a tempo.',
    webhookRateLimitedAddress: (seconds: number) =>
      `Muitas chamadas de webhook a partir deste endereço. Tente novamente em ${seconds} s.`,
    webhookRateLimitedFlow: (seconds: number) =>
      `Muitas chamadas ao webhook deste flow. Tente novamente em ${seconds} s.`,
    flowChainLimit: (limit: number) =>
      `Execução interrompida: o flow chamou a si mesmo (direta ou indiretamente) mais de ${limit} vezes em cadeia.`,
    /** 503 of a webhook whose execution found no free slot within its wait (docs/adr/0076). */
    flowBusy: (seconds: number) =>
      `O flow está ocupado: a execução não começou nos ${seconds} s de espera e não foi feita. Tente novamente em ${seconds} s.`,
    /** The execution's row of a job the queue of executions did not take (docs/adr/0072). */
    notQueuedRedis: 'A execução não entrou na fila: o Redis não respondeu ou recusou a gravação.',
    notQueued: 'A execução não entrou na fila de execuções.',
  },
  /** 'Executar até aqui' / 'Executar este conector' (docs/adr/0089). */
  editorRun: {
    destinationMissing: 'O conector escolhido não existe no flow.',
    chooseTrigger: 'Escolha o gatilho que inicia a execução.',
    startAtDestination: 'Executar este conector começa no próprio conector escolhido.',
  },
  /** What an execution records once its caller stopped waiting (docs/adr/0076). */
  unawaited: {
    notStartedLabel: 'Execução não iniciada',
    notStartedWebhook: (seconds: number) =>
      `Execução não iniciada: nenhuma vaga de execução ficou livre nos ${seconds} s que o webhook espera. Quem chamou recebeu 503 e pode tentar de novo; nada foi feito.`,
    notStartedForm: (seconds: number) =>
      `Execução não iniciada: nenhuma vaga de execução ficou livre nos ${seconds} s que o formulário espera. Quem enviou foi avisado para tentar de novo; nada foi feito.`,
    notStartedMcp: (seconds: number) =>
      `Execução não iniciada: nenhuma vaga de execução ficou livre nos ${seconds} s que o cliente MCP espera. Ele foi avisado para tentar de novo; nada foi feito.`,
    notStartedFlow:
      'Execução não iniciada: o flow que a chamou parou de esperar antes que ela começasse; nada foi feito.',
    label: 'Ninguém espera a resposta',
    webhook: (seconds: number) =>
      `Ninguém espera mais a resposta: o webhook respondeu 504 (tempo esgotado) a quem chamou após ${seconds} s.`,
    mcp: (seconds: number) =>
      `Ninguém espera mais a resposta: o cliente MCP foi avisado que o tempo de ${seconds} s acabou.`,
    form: (seconds: number) =>
      `Ninguém espera mais a resposta: o formulário avisou quem enviou que o tempo de ${seconds} s acabou.`,
    flow: 'Ninguém espera mais a resposta: o flow que a chamou parou de esperar.',
    continues: "A execução continua (opção do flow 'Continuar quando ninguém espera a resposta').",
    stops:
      "A execução será interrompida (opção do flow 'Continuar quando ninguém espera a resposta' desligada).",
  },
  debugger: {
    notActive: 'O modo de debug não está ativo.',
    nothingHeld: 'Nenhum conector aguardando o próximo passo.',
    executionNotFound: 'Execução não encontrada.',
    messageNotKept: 'A mensagem desta execução não foi guardada.',
    triggerGone: 'O gatilho desta execução não existe mais no flow.',
    invalidSession: 'Sessão inválida.',
    unknownRoom: 'Sala desconhecida.',
  },
  /** Why an execution shows no node data (docs/adr/0089). */
  executionData: {
    executionNotFound: 'Execução não encontrada.',
    nodeNotFound: 'Este conector não tem dados nesta execução.',
    onlyErrors: 'Este flow guarda os dados só das execuções com erro.',
    none: 'Este flow não guarda os dados das execuções.',
    off: 'Esta instalação não guarda os dados das execuções.',
    retention: (days: number) =>
      `Os dados desta execução já foram apagados (retenção de ${days} ${days === 1 ? 'dia' : 'dias'}).`,
    notKept: 'Os dados desta execução não foram guardados.',
  },
  templates: {
    notFound: 'Template não encontrado.',
    /** Spec 1 §8 'Import failure'. */
    importError: (detail: string) => `Ocorreu um erro ao importar o fluxo: ${detail}`,
  },
  /** The records port and the record nodes (core_db_*). */
  serviceAccounts: {
    nameRequired: 'O campo "Nome" é obrigatório.',
    nameTooLong: 'O nome deve ter no máximo 120 caracteres.',
    nameTaken: 'Já existe uma conta de serviço com este nome.',
    typeInvalid: 'Escolha um tipo de autenticação válido.',
    fieldRequired: (label: string) => `O campo "${label}" é obrigatório.`,
    fieldInvalid: (label: string) => `O campo "${label}" é inválido.`,
    fieldTooLong: (label: string) => `O campo "${label}" é grande demais.`,
    typeChangeRefused: 'O tipo de autenticação de uma conta existente não pode ser alterado.',
    notFound: 'Conta de serviço não encontrada.',
    removeConfirm: 'Tem certeza que deseja remover esta conta de serviço?',
    inUse: (names: string) =>
      `Esta conta de serviço é usada pelos flows: ${names}. Removê-la fará esses flows falharem.`,
    saved: 'Conta de serviço salva com sucesso',
    saveError: 'Ocorreu um erro ao salvar a conta de serviço',
    removed: 'Conta de serviço removida com sucesso',
    removeError: 'Ocorreu um erro ao remover a conta de serviço',
    authorize: 'Autorizar conta',
    reauthorize: 'Reautorizar conta',
    authorizeError: 'Ocorreu um erro ao autorizar a conta de serviço',
    callbackSuccess: 'Conta autorizada com sucesso!',
    callbackFailure: (reason: string) => `Erro ao autorizar conta: ${reason}`,
    callbackInvalid: 'Erro ao autorizar conta: Dados de retorno inválidos',
    stateInvalid: 'A autorização expirou ou já foi usada. Clique em "Autorizar conta" de novo.',
    notOauth2: 'Esta conta de serviço não é do tipo OAuth2.',
    readOnlyToken: 'Este token da API é somente leitura.',
    tokenShownOnce: 'Copie o token agora: ele não será mostrado de novo.',
    missingAccount: 'A conta de serviço escolhida não existe mais.',
    wrongType: (node: string, type: string) =>
      `${node} não aceita contas de serviço do tipo ${type}.`,
    keyMismatch:
      'PONTE_ENCRYPTION_KEY não decifra as contas de serviço guardadas: use a chave com que elas foram salvas.',
    testUnavailable: 'Teste de conexão indisponível para este tipo de conta.',
    noAccessToken: (type: string) => `Contas do tipo ${type} não fornecem um token de acesso.`,
    testUrlRequired: 'Informe a URL da conta para testar a conexão.',
    testOk: (status: number) =>
      `Conexão bem-sucedida: o servidor respondeu com o status ${status}.`,
    testRefused: (status: number) => `O servidor recusou a credencial (status ${status}).`,
    testFailedStatus: (status: number) => `O servidor respondeu com o status ${status}.`,
    testTokenActive: 'Token da API ativo: ele lê as rotas GET deste workspace.',
    testTimeout: 'O teste de conexão demorou demais e foi interrompido.',
    awsTestOk: (arn: string) => `Conexão bem-sucedida com a AWS: identidade ${arn}.`,
    awsNoIdentity: 'A AWS respondeu sem a identidade da conta (Arn).',
    awsUnknownKey:
      'A AWS não reconhece o Access key ID (InvalidClientTokenId): confira a chave de acesso.',
    awsBadSignature:
      'A assinatura não confere (SignatureDoesNotMatch): confira a Secret access key.',
    awsRefused: (code: string, status: number) =>
      `A AWS recusou a chave de acesso (${code}, status ${status}).`,
    omieTestOk: (company: string | null) =>
      company
        ? `Conexão bem-sucedida com o Omie: empresa ${company}.`
        : 'Conexão bem-sucedida com o Omie.',
    omieFault: (fault: string) => `O Omie recusou a chamada: ${fault}`,
    sankhyaTestOk: 'Conexão bem-sucedida com a Sankhya: login aceito.',
    sankhyaRefused: (reason: string) => `A Sankhya recusou o login: ${reason}`,
    /** An AI provider's model list: how many, and the first few by name. */
    modelsTestOk: (provider: string, models: readonly string[]) =>
      `Conexão bem-sucedida com ${provider}: ${models.length === 1 ? '1 modelo disponível' : `${models.length} modelos disponíveis`} (${models.slice(0, 5).join(', ')}${models.length > 5 ? ', …' : ''}).`,
    modelsNone: (provider: string) => `${provider} respondeu, mas não listou nenhum modelo.`,
    modelsRefused: (provider: string, reason: string) => `${provider} recusou a conexão: ${reason}`,
    telegramTestOk: (bot: string) => `Conexão bem-sucedida com o Telegram: bot @${bot}.`,
    telegramRefused: (reason: string) => `O Telegram recusou o token do bot: ${reason}`,
    whatsappTestOk: (number: string, name: string) =>
      `Conexão bem-sucedida com o WhatsApp: número ${number}${name ? ` (${name})` : ''}.`,
    whatsappRefused: (reason: string) => `O WhatsApp recusou a conta: ${reason}`,
    providerNotJson: (provider: string, status: number) =>
      `${provider} respondeu com o status ${status}, sem uma resposta JSON reconhecível.`,
    domainInvalid: (entry: string) =>
      `"${entry}" não é um domínio válido. Use nomes como api.exemplo.com.br ou *.exemplo.com.br.`,
    domainsRequired: 'Informe em "Domínios" onde esta conta pode ser usada, ou a URL da conta.',
    hostRefused: (name: string, hosts: readonly string[], host: string) =>
      `A conta de serviço "${name}" só pode ser usada com ${hostList(hosts)}; o endereço pedido (${host}) é outro. Para liberá-lo, inclua o domínio em "Domínios" na conta.`,
    noHosts: (name: string) =>
      `A conta de serviço "${name}" não tem domínios permitidos: informe na conta a URL ou os domínios em que ela pode ser usada.`,
  },
  serviceAccountsOauth: serviceAccountsOauthMessages,
  oauthApps: oauthAppMessages,
  storage: {
    listError: 'Erro ao buscar os arquivos',
    searchError: 'Erro ao buscar arquivo',
    uploadError: 'Erro ao enviar arquivo',
    folderError: 'Erro ao criar pasta',
    removeError: 'Erro ao excluir arquivo',
    /** Spec 2 §8, to the letter. */
    downloadError: 'Error download file',
    uploaded: 'Arquivo enviado com sucesso',
    folderCreated: 'Pasta criada com sucesso',
    downloaded: 'Arquivo baixado com sucesso',
    removed: (isFolder: boolean) =>
      isFolder ? 'Pasta excluída com sucesso' : 'Arquivo excluído com sucesso',
    removeConfirm: (isFolder: boolean) =>
      `Deseja realmente excluir este ${isFolder ? 'pasta' : 'arquivo'}? Esta ação não poderá ser revertida.`,
    pathCopied: 'Caminho copiado para a área de transferência',
    searchPlaceholder: 'Buscar pastas e arquivos',
    // Path rules (docs/adr/0030): a logical path never leaves the workspace's root.
    pathRequired: 'Informe o caminho.',
    pathTooLong: (max: number) => `O caminho pode ter no máximo ${max} caracteres.`,
    nameTooLong: (max: number) => `Cada nome do caminho pode ter no máximo ${max} bytes.`,
    pathDots: 'O caminho não pode ter os nomes "." nem "..".',
    pathBackslash: 'Use "/" para separar as pastas: o caminho não pode ter "\\".',
    pathControl: 'O caminho não pode ter caracteres de controle nem o caractere nulo.',
    pathEncoded: 'O caminho não pode ter separadores codificados (%2F, %5C, %2E, %00).',
    pathDrive: 'Informe um caminho do armazenamento (ex.: /relatorios/nov.pdf), não do servidor.',
    pathSymlink: 'O caminho passa por um link simbólico, que o armazenamento não segue.',
    rootRefused: 'A pasta inicial (HOME) não pode ser excluída nem substituída.',
    notFound: 'Arquivo ou pasta não encontrado.',
    folderNotFound: 'Pasta não encontrada.',
    notAFile: 'Este caminho é uma pasta, não um arquivo.',
    notAFolder: (path: string) => `"${path}" é um arquivo, não uma pasta.`,
    exists: (path: string) => `Já existe um arquivo ou pasta em "${path}".`,
    fileRequired: 'Escolha um arquivo para enviar.',
    /** An upload whose form sends the destination after the file (it is streamed as it comes). */
    pathFileFirst: 'Envie o caminho (pathFile) antes do arquivo no formulário.',
    fileTooLarge: (max: string) => `O arquivo passa do limite de ${max} por arquivo.`,
    quotaExceeded: (quota: string) =>
      `O armazenamento deste workspace chegou ao limite de ${quota}: exclua arquivos ou peça ao administrador um limite maior.`,
    /** The S3 service failed (unreachable, access refused…): never its bucket or keys. */
    unavailable: 'O armazenamento de arquivos não respondeu. Tente novamente em instantes.',
    readTooLarge: (max: string) =>
      `O arquivo tem mais de ${max}, o máximo que um flow lê para a mensagem: use "Referência do arquivo".`,
  },
  queues: {
    /** Spec 2 §8, to the letter (including 'file interna'). */
    saved: 'A file interna foi salva com sucesso!',
    saveError: (reason: string) => `Ocorreu um erro ao salvar a file interna: ${reason}`,
    nameTaken: 'Já existe uma file interna com este nome.',
    idTaken: 'Já existe uma file interna com este identificador.',
    removed: 'A fila foi removida com sucesso!',
    removeError: 'Erro ao remover a fila:',
    messageAdded: 'Mensagem adicionada à fila',
    messageAddError: 'Erro ao adicionar mensagem à fila: ',
    jobRemoved: 'Mensagem removida',
    jobRemoveError: 'Erro ao remover mensagem: ',
    /** Spec 2 §5. */
    nameRequired: 'O campo "Nome da fila" é obrigatório.',
    removeNameMismatch: 'O nome da fila não confere com o nome digitado!',
    contentRequired: 'O campo "Conteúdo" é obrigatório',
    cleanConfirm: 'Tem certeza que deseja limpar a fila? Esta ação não pode ser desfeita.',
    jobRemoveConfirm: 'Tem certeza que deseja remover este job? Esta ação não pode ser desfeita.',
    /** Spec 2 §4: the delayed column of pending jobs. */
    delayedNo: 'Não',
    delayedNow: 'Delayed: Execução imediata',
    delayedWaiting: 'Delayed: Aguardando',
    // Beyond the spec (docs/adr/0033).
    nameTooLong: 'O nome da fila deve ter no máximo 120 caracteres.',
    maxPerSecondInvalid:
      'O limite por segundo deve ser um número inteiro de 0 (sem limite) a 1000.',
    delayInvalid: 'O atraso deve ser um número inteiro de segundos entre 0 e 2592000 (30 dias).',
    messageTooLarge: 'A mensagem passa do limite de 1 MB.',
    dedupKeyTooLong: 'A chave de deduplicação pode ter no máximo 200 caracteres.',
    notFound: 'Fila não encontrada.',
    jobNotFound: 'Mensagem não encontrada.',
    jobRunning: 'A mensagem já está em execução e não pode ser removida.',
    jobNotFailed: 'Só uma mensagem com falha pode ser reenviada.',
    jobRetried: 'Mensagem reenviada para a fila',
    jobRetryError: 'Erro ao reenviar mensagem: ',
    duplicate: (key: string) =>
      `Já existe uma mensagem com a chave "${key}" aguardando nesta fila: a nova não foi publicada.`,
    /** The editor, on a queue trigger whose queue another enabled flow already consumes. */
    otherConsumer: (flow: string) =>
      `Esta fila já é consumida pelo flow "${flow}": este flow só receberá mensagens se aquele for desativado ou deixar a fila.`,
    /** A consumer execution that was stopped or lost its process. */
    consumerStopped: 'A execução do flow consumidor foi interrompida.',
    consumerMissing: 'A fila não tem flow consumidor ativo.',
    unavailable: 'As filas internas não responderam. Tente novamente em instantes.',
    redisUnreachable:
      'O Redis das filas internas (REDIS_URL) não respondeu. Verifique o endereço e se o Redis está no ar, e inicie o Ponte de novo.',
    /** The queue's page: messages the ledger published again (docs/adr/0072). */
    restored: (count: number, at: string) =>
      count === 1
        ? `1 mensagem foi reenfileirada depois que o Redis perdeu os dados, em ${at}.`
        : `${count} mensagens foram reenfileiradas depois que o Redis perdeu os dados, em ${at}.`,
    /** The monitoring log's line of the same event (an alert rule may watch it). */
    restoredLog: (queue: string, count: number) =>
      count === 1
        ? `Fila "${queue}": 1 mensagem foi reenfileirada depois que o Redis perdeu os dados.`
        : `Fila "${queue}": ${count} mensagens foram reenfileiradas depois que o Redis perdeu os dados.`,
    redisEviction: (policy: string) =>
      `O Redis das filas internas precisa de maxmemory-policy noeviction (está em ${policy}): com outra política ele pode descartar mensagens. Ajuste a configuração do Redis e inicie o Ponte de novo.`,
  },
  forms: formMessages,
  customNodes: customNodeMessages,
  flowImport: flowImportMessages,
  customNodesOpenApi: customNodeOpenApiMessages,
  dashboards: dashboardMessages,
  alertRules: alertRuleMessages,
  llm: llmMessages,
  agent: agentMessages,
  mcp: mcpMessages,
  mcpServer: mcpServerMessages,
  versions: versionMessages,
  recordNodes: {
    /** A table missing or of another workspace, by what the node was given (id or name). */
    tableMissing: (table: string) => `A tabela "${table}" não existe neste workspace.`,
    recordMissing: (id: string, table: string) =>
      `Nenhum registro com o ID "${id}" na tabela "${table}".`,
    targetRequired: 'Informe o ID do registro ou ao menos um filtro.',
    updateTooMany: (max: number) =>
      `O filtro alcança mais de ${max} registros: uma atualização por filtro altera no máximo ${max} de uma vez.`,
    notUnique: (field: string, table: string) =>
      `O campo "${field}" não é único na tabela "${table}": escolha um campo marcado como único.`,
    uniqueValueRequired: (field: string) =>
      `Informe um valor para o campo "${field}", que identifica o registro.`,
    dataRequired: 'Informe os campos do registro ou um objeto com os dados.',
    dataNotObject: 'Os dados do registro devem ser um objeto (ex.: {{ msg.payload }}).',
    fieldNameRequired: (row: number) => `Informe o campo da linha ${row}.`,
    filterConflict: (field: string) =>
      `O filtro do campo "${field}" mistura operadores que não combinam (use "contém", "igual a" ou um intervalo).`,
    filterValue: (field: string) =>
      `O valor do filtro do campo "${field}" deve ser um texto, um número ou verdadeiro/falso.`,
  },
} as const;
