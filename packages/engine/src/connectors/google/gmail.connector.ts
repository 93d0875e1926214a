import {
  defineConnector,
  type ConnectorResponse,
  type ConnectorService,
} from '../kit/define-connector';
import { buildMessage, mailboxes, rawMessage, recipients } from './gmail-mime';
import { readableMessage } from './gmail-message';
import {
  byMessage,
  byReason,
  googleAuthorize,
  googleErrorMessage,
  googleRateLimited,
  nextPageToken,
  type GoogleRule,
} from './google-refusals';

/**
 * Gmail API v1 (https://developers.google.com/gmail/api/reference/rest) through a Google
 * (OAuth2) account. The base is the root of Google's APIs and each path names its API
 * (`gmail/v1/…`): an account's 'URL da API' then serves every Google connector.
 */

/** Gmail's own address; an account's 'URL da API' replaces it. */
export const gmailApiUrl = 'https://gmail.googleapis.com';

const user = 'gmail/v1/users/me';

/** Gmail's refusals people meet most, naming the node's field. */
const rules: GoogleRule[] = [
  [
    byMessage(/invalid (to|cc|bcc) header/i),
    'um destinatário em "Para", "Cc" ou "Cco" não é válido',
  ],
  [
    byMessage(/recipient address required/i),
    'informe ao menos um destinatário em "Para", "Cc" ou "Cco"',
  ],
  [
    (error, status) => status === 404 || byReason('notFound')(error),
    'o Gmail não encontrou o e-mail de "ID do e-mail"',
  ],
  [byMessage(/invalid (id|message id)/i), 'o "ID do e-mail" não é um ID de mensagem do Gmail'],
  [byMessage(/invalid label/i), 'o "Marcador" não existe nessa conta'],
  [byMessage(/invalid (search )?query|bad query/i), 'a "Busca" não segue a sintaxe do Gmail'],
  [
    byReason('dailyLimitExceeded', 'quotaExceeded'),
    'a conta passou do limite diário de envios do Gmail',
  ],
];

/** Gmail's system labels, named as Gmail shows them in Portuguese. */
const systemLabels: Record<string, string> = {
  INBOX: 'Caixa de entrada',
  SENT: 'Enviados',
  DRAFT: 'Rascunhos',
  SPAM: 'Spam',
  TRASH: 'Lixeira',
  STARRED: 'Com estrela',
  IMPORTANT: 'Importante',
  UNREAD: 'Não lidos',
  CHAT: 'Chat',
  CATEGORY_PERSONAL: 'Principal',
  CATEGORY_SOCIAL: 'Social',
  CATEGORY_PROMOTIONS: 'Promoções',
  CATEGORY_UPDATES: 'Atualizações',
  CATEGORY_FORUMS: 'Fóruns',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The body of one kind ('Texto' or 'HTML') when typed; at least one of them is sent. */
const bodyOf = (value: unknown) => (text(value) !== '' ? text(value) : undefined);

const messagesOf = (response: ConnectorResponse) =>
  ((response.body as { messages?: unknown[] } | undefined)?.messages ?? []) as unknown[];

/** Gmail's account, address, signing and refusals: the connector's and the poller's. */
export const gmailService: ConnectorService = {
  service: 'gmail',
  label: 'Gmail',
  accountTypes: ['google_oauth2'],
  baseUrl: gmailApiUrl,
  authorize: googleAuthorize,
  errorMessage: (response) => googleErrorMessage('Gmail', response, rules),
  rateLimited: googleRateLimited,
};

/** 'Busca': the same search as Gmail's search box. */
export const gmailQueryParam = {
  type: 'text',
  label: 'Busca',
  placeholder: 'from:financeiro@exemplo.com.br is:unread newer_than:7d',
  description: 'A mesma busca da caixa de pesquisa do Gmail. Vazio, todos os e-mails.',
} as const;

export const gmailConnector = defineConnector({
  ...gmailService,
  description: 'Envia, busca e lê e-mails de uma conta Google pelo Gmail.',
  icon: 'brand-gmail',
  params: {
    to: {
      type: 'text',
      label: 'Para',
      placeholder: 'ana@exemplo.com.br, Bruno Lima <bruno@exemplo.com.br>',
      description: 'Um ou mais endereços, separados por vírgula.',
    },
    cc: { type: 'text', label: 'Cc' },
    bcc: {
      type: 'text',
      label: 'Cco',
      description: 'Cópia oculta: os outros não veem estes endereços.',
    },
    subject: { type: 'text', label: 'Assunto', required: true },
    text: {
      type: 'textarea',
      label: 'Texto',
      description: 'O corpo em texto simples. Com "HTML" também, vai como alternativa a ele.',
    },
    html: { type: 'textarea', label: 'HTML', description: 'O corpo em HTML.' },
    query: gmailQueryParam,
    label_id: {
      type: 'text',
      label: 'Marcador',
      description: 'Só os e-mails com este marcador (opcional).',
      lookup: { name: 'labels' },
    },
    include_spam_trash: { type: 'boolean', label: 'Incluir spam e lixeira', default: false },
    message_id: {
      type: 'text',
      label: 'ID do e-mail',
      required: true,
      placeholder: '18c2f0a4b7e9d3a1',
      description: 'O "id" de um e-mail, como "E-mails → Buscar" devolve.',
    },
  },
  operations: {
    send: {
      resource: 'E-mail',
      action: 'Enviar',
      params: ['to', 'cc', 'bcc', 'subject', 'text', 'html'],
      request(p) {
        const to = mailboxes(recipients(p.to), 'Para');
        const cc = mailboxes(recipients(p.cc), 'Cc');
        const bcc = mailboxes(recipients(p.bcc), 'Cco');
        if (!to.length && !cc.length && !bcc.length)
          throw new Error('Gmail: informe ao menos um destinatário em "Para", "Cc" ou "Cco".');
        const html = bodyOf(p.html);
        const plain = bodyOf(p.text) ?? (html === undefined ? '' : undefined);
        const message = buildMessage({ to, cc, bcc, subject: text(p.subject), text: plain, html });
        return {
          method: 'POST',
          path: `${user}/messages/send`,
          json: { raw: rawMessage(message) },
        };
      },
    },
    search: {
      resource: 'E-mails',
      action: 'Buscar',
      params: ['query', 'label_id', 'include_spam_trash'],
      request: (p) => ({
        method: 'GET',
        path: `${user}/messages`,
        query: {
          q: text(p.query).trim() || undefined,
          labelIds: text(p.label_id).trim() || undefined,
          includeSpamTrash: p.include_spam_trash ? true : undefined,
          maxResults: 100,
        },
      }),
      // Gmail lists ids only ({id, threadId}): 'E-mail → Ler' reads each one.
      paging: { items: messagesOf, next: (request, response) => nextPageToken(request, response) },
    },
    read: {
      resource: 'E-mail',
      action: 'Ler',
      params: ['message_id'],
      request: (p) => ({
        method: 'GET',
        path: `${user}/messages/${encodeURIComponent(text(p.message_id).trim())}`,
        query: { format: 'full' },
      }),
      result: (response) => readableMessage(response.body),
    },
  },
  lookups: {
    labels: {
      request: () => ({ method: 'GET', path: `${user}/labels` }),
      options: (response) =>
        (
          ((response.body as { labels?: unknown[] } | undefined)?.labels ?? []) as {
            id: string;
            name?: string;
            type?: string;
          }[]
        )
          .map((label) => ({
            value: label.id,
            label: (label.type === 'system' && systemLabels[label.id]) || label.name || label.id,
            description: label.type === 'system' ? 'Marcador do sistema' : 'Marcador seu',
          }))
          .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
    },
  },
});
