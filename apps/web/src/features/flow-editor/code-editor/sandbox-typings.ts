/**
 * What the JavaScript editor knows about the sandbox of the 'Código' connector: the code is the
 * body of an async function (await and return work at the top level), `msg` is in scope, and
 * the helpers below are globals. They declare exactly the names of @ponte/shared/sandbox-globals,
 * which the engine's tests hold to what the sandbox bootstrap really defines.
 */
export const sandboxTypings = `
/** A mensagem que chegou ao conector. Os dados principais ficam em msg.payload. */
interface PonteMessage {
  /** Os dados principais da mensagem (o que o conector anterior produziu). */
  payload?: any;
  [campo: string]: any;
}

/**
 * A mensagem recebida. O que o código retornar segue para o próximo conector: um objeto vira a
 * nova mensagem, outro valor vira msg.payload e, sem return, msg segue com as alterações feitas nele.
 */
declare let msg: PonteMessage;

/**
 * Lê uma variável pela chave (as variáveis do flow valem antes das do workspace).
 * Assíncrona: use await. Resolve null quando a variável não existe.
 * @param key a chave da variável, por exemplo 'API_TOKEN'
 * @example const token = await getVar('API_TOKEN');
 */
declare function getVar(key: string): Promise<string | null>;

/**
 * Lê um dado desta execução do flow, por um caminho com pontos. Sem caminho, devolve todos.
 * @param path o caminho, por exemplo 'pedido.id'
 * @example const id = getFlowData('pedido.id');
 */
declare function getFlowData(path?: string): any;

/**
 * Grava um dado desta execução do flow, por um caminho com pontos. Os próximos conectores o
 * leem com getFlowData ou, nas expressões, com flow.caminho. Os dados do flow guardam até
 * 1 MB (em JSON) e 10.000 chaves; além disso, a gravação é recusada com um erro.
 * @param path o caminho, por exemplo 'pedido.id'
 * @param value um valor que vire JSON
 * @example setFlowData('pedido.id', msg.payload.id);
 */
declare function setFlowData(path: string, value: unknown): void;

/**
 * Converte um texto em slug: sem acentos, minúsculo, palavras separadas por hífen.
 * @example toSlug('Pedido Nº 12 — Olá') // 'pedido-n-12-ola'
 */
declare function toSlug(text: string): string;

/**
 * JSON.stringify que não falha: referências circulares viram '[Circular]' e BigInt vira texto.
 * @param value o valor a converter
 * @param indent espaços de indentação (opcional)
 * @example log(jsonStringify(msg, 2));
 */
declare function jsonStringify(value: unknown, indent?: number): string;

/** Grava um log de usuário com os valores dados (objetos viram JSON). O mesmo que console.log. */
declare function log(...values: unknown[]): void;

/**
 * console.log, info, warn, error e debug gravam logs de usuário da execução (até 10.000 linhas
 * ou 10 MB por execução; cada linha até 100.000 caracteres).
 */
declare const console: {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
  debug(...values: unknown[]): void;
};

/** Agenda uma função (o relógio é o do servidor; o tempo limite da execução continua valendo). */
declare function setTimeout(callback: (...args: any[]) => void, ms?: number, ...args: any[]): number;
/** Cancela um setTimeout. */
declare function clearTimeout(id: number): void;

interface PonteResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly url: string;
  readonly headers: { get(name: string): string | null; has(name: string): boolean };
  text(): Promise<string>;
  json(): Promise<any>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** Faz uma requisição HTTP pela rede do servidor (alguns destinos internos são bloqueados). */
declare function fetch(
  url: string,
  init?: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | ArrayBuffer | Uint8Array;
  },
): Promise<PonteResponse>;

interface MomentObject {
  /** Formata a data, por exemplo 'DD/MM/YYYY HH:mm:ss'. Sem formato: ISO 8601. */
  format(format?: string): string;
  add(amount: number, unit: MomentUnit): MomentObject;
  subtract(amount: number, unit: MomentUnit): MomentObject;
  startOf(unit: MomentUnit): MomentObject;
  endOf(unit: MomentUnit): MomentObject;
  diff(other: MomentInput, unit?: MomentUnit, precise?: boolean): number;
  isBefore(other: MomentInput, unit?: MomentUnit): boolean;
  isAfter(other: MomentInput, unit?: MomentUnit): boolean;
  isSame(other: MomentInput, unit?: MomentUnit): boolean;
  isValid(): boolean;
  utc(): MomentObject;
  utcOffset(offset: number | string): MomentObject;
  locale(locale: string): MomentObject;
  fromNow(withoutSuffix?: boolean): string;
  clone(): MomentObject;
  toDate(): Date;
  toISOString(): string;
  valueOf(): number;
  unix(): number;
}
type MomentUnit =
  | 'year' | 'years' | 'y' | 'month' | 'months' | 'M' | 'week' | 'weeks' | 'w'
  | 'day' | 'days' | 'd' | 'hour' | 'hours' | 'h' | 'minute' | 'minutes' | 'm'
  | 'second' | 'seconds' | 's' | 'millisecond' | 'milliseconds' | 'ms';
type MomentInput = MomentObject | Date | string | number | null | undefined;

/**
 * Moment.js, com o idioma pt-br. moment() é agora; moment(texto, formato) lê uma data.
 * @example moment().add(1, 'day').format('DD/MM/YYYY')
 */
declare const moment: {
  (input?: MomentInput, format?: string, strict?: boolean): MomentObject;
  utc(input?: MomentInput, format?: string): MomentObject;
  unix(seconds: number): MomentObject;
  isMoment(value: unknown): boolean;
  duration(amount: number, unit?: MomentUnit): {
    asMilliseconds(): number;
    asSeconds(): number;
    asMinutes(): number;
    asHours(): number;
    asDays(): number;
    humanize(withSuffix?: boolean): string;
  };
};

interface AxiosRequestConfig {
  url?: string;
  method?: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options' | string;
  baseURL?: string;
  headers?: Record<string, string>;
  /** Parâmetros da URL (?chave=valor). */
  params?: Record<string, unknown>;
  /** O corpo: objetos são enviados como JSON. */
  data?: unknown;
  timeout?: number;
  responseType?: 'json' | 'text' | 'arraybuffer';
  auth?: { username: string; password: string };
  validateStatus?: (status: number) => boolean;
}
interface AxiosResponse<T = any> {
  data: T;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  config: AxiosRequestConfig;
}
interface AxiosInstance {
  <T = any>(config: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  request<T = any>(config: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  get<T = any>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  delete<T = any>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  head<T = any>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  post<T = any>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  put<T = any>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  patch<T = any>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  create(config?: AxiosRequestConfig): AxiosInstance;
  isAxiosError(error: unknown): boolean;
}
/**
 * Cliente HTTP axios; as requisições saem pela rede do servidor. Um status fora de 2xx rejeita
 * (veja error.response).
 * @example const { data } = await axios.get('https://api.exemplo.com.br/pedidos');
 */
declare const axios: AxiosInstance;

/**
 * Só em conectores personalizados: um axios que envia as requisições com a conta de serviço
 * escolhida no parâmetro do tipo conta de serviço chamado name (cabeçalhos de autenticação e URL
 * base da conta, que completa um endereço relativo como 'clientes'). A chave da conta não fica
 * visível no código.
 * @example const { data } = await serviceAccount('conta').get('clientes');
 */
declare function serviceAccount(name: string): AxiosInstance;

/**
 * Cliente oficial da OpenAI; as requisições saem pela rede do servidor.
 * @example
 * const openai = new OpenAI({ apiKey: await getVar('OPENAI_API_KEY') });
 * const resposta = await openai.chat.completions.create({
 *   model: 'gpt-4o-mini',
 *   messages: [{ role: 'user', content: 'Olá' }],
 * });
 */
declare class OpenAI {
  constructor(options?: { apiKey?: string | null; baseURL?: string; organization?: string; project?: string; timeout?: number });
  chat: { completions: { create(body: { model: string; messages: { role: string; content: any }[]; [opcao: string]: any }): Promise<any> } };
  responses: { create(body: { model: string; input: any; [opcao: string]: any }): Promise<any> };
  embeddings: { create(body: { model: string; input: string | string[]; [opcao: string]: any }): Promise<any> };
  models: { list(): Promise<any> };
}

type BufferEncoding = 'utf8' | 'utf-8' | 'base64' | 'base64url' | 'hex' | 'latin1' | 'binary' | 'ascii' | 'utf16le';
interface Buffer extends Uint8Array {
  /** O conteúdo como texto: 'utf8' (padrão), 'base64', 'hex'... */
  toString(encoding?: BufferEncoding, start?: number, end?: number): string;
  toJSON(): { type: 'Buffer'; data: number[] };
  equals(other: Uint8Array): boolean;
}
/**
 * Bytes, como o Buffer do Node.js: converte entre texto, base64 e hex.
 * @example Buffer.from('usuario:senha').toString('base64')
 */
declare const Buffer: {
  from(text: string, encoding?: BufferEncoding): Buffer;
  from(data: ArrayBuffer | ArrayLike<number>): Buffer;
  alloc(size: number, fill?: number): Buffer;
  concat(list: readonly Uint8Array[], totalLength?: number): Buffer;
  isBuffer(value: unknown): value is Buffer;
  byteLength(text: string, encoding?: BufferEncoding): number;
};
`;

export interface SandboxSnippet {
  /** The helper the snippet is about (what the person types). */
  name: string;
  /** Monaco snippet syntax: ${1:placeholder}. */
  insertText: string;
  detail: string;
  documentation: string;
}

/** Ready-made uses of each helper, offered beside the names the typings already complete. */
export const sandboxSnippets: SandboxSnippet[] = [
  {
    name: 'msg',
    insertText: 'msg.payload',
    detail: 'A mensagem recebida',
    documentation: 'Os dados principais da mensagem ficam em msg.payload. Retorne msg para seguir.',
  },
  {
    name: 'getVar',
    insertText: "await getVar('${1:CHAVE}')",
    detail: 'Ler uma variável',
    documentation: 'Lê uma variável do flow ou do workspace (null se não existir).',
  },
  {
    name: 'getFlowData',
    insertText: "getFlowData('${1:caminho}')",
    detail: 'Ler um dado do flow',
    documentation: 'Lê um dado desta execução do flow, por um caminho com pontos.',
  },
  {
    name: 'setFlowData',
    insertText: "setFlowData('${1:caminho}', ${2:valor});",
    detail: 'Gravar um dado do flow',
    documentation: 'Grava um dado desta execução; os próximos conectores o leem com getFlowData.',
  },
  {
    name: 'toSlug',
    insertText: 'toSlug(${1:texto})',
    detail: 'Converter texto em slug',
    documentation: 'Sem acentos, minúsculo, palavras separadas por hífen.',
  },
  {
    name: 'jsonStringify',
    insertText: 'jsonStringify(${1:valor}, 2)',
    detail: 'JSON que não falha',
    documentation: "Como JSON.stringify, mas referências circulares viram '[Circular]'.",
  },
  {
    name: 'moment',
    insertText: "moment().format('${1:DD/MM/YYYY HH:mm:ss}')",
    detail: 'Datas com Moment.js',
    documentation: 'Moment.js com o idioma pt-br.',
  },
  {
    name: 'axios',
    insertText: "const { data } = await axios.get('${1:https://api.exemplo.com.br}');",
    detail: 'Requisição HTTP',
    documentation: 'Cliente HTTP axios; as requisições saem pela rede do servidor.',
  },
  {
    name: 'serviceAccount',
    insertText: "const { data } = await serviceAccount('${1:conta}').get('${2:recurso}');",
    detail: 'Requisição com conta de serviço',
    documentation:
      'Só em conectores personalizados: envia com a conta escolhida no parâmetro informado.',
  },
  {
    name: 'OpenAI',
    insertText: [
      "const openai = new OpenAI({ apiKey: await getVar('${1:OPENAI_API_KEY}') });",
      'const resposta = await openai.chat.completions.create({',
      "\tmodel: '${2:gpt-4o-mini}',",
      "\tmessages: [{ role: 'user', content: ${3:msg.payload.pergunta} }],",
      '});',
    ].join('\n'),
    detail: 'Chamar a OpenAI',
    documentation: 'Cliente oficial da OpenAI, com a chave lida de uma variável.',
  },
  {
    name: 'Buffer',
    insertText: "Buffer.from(${1:texto}).toString('base64')",
    detail: 'Converter para base64',
    documentation: 'Bytes como o Buffer do Node.js: texto, base64 e hex.',
  },
];
