import type { OauthAppProvider } from '@ponte/shared/oauth-apps.schema';

/** What the walkthrough of one provider's app says (docs/adr/0093). */
export interface OauthAppGuide {
  name: string;
  /** The vendor's page where the app is created. */
  consoleUrl: string;
  consoleLabel: string;
  steps: string[];
  /** What this installation's address is, at the vendor. */
  urlLabel: string;
  idLabel: string;
  secretLabel: string;
  /** Trello's secret is only for webhooks: an app works without it. */
  secretRequired: boolean;
}

export const oauthAppGuides: Record<OauthAppProvider, OauthAppGuide> = {
  slack: {
    name: 'Slack',
    consoleUrl: 'https://api.slack.com/apps',
    consoleLabel: 'api.slack.com/apps',
    steps: [
      'Abra api.slack.com/apps, clique em "Create New App" e escolha "From scratch"; dê um nome ao app (por exemplo, Ponte) e escolha o workspace do Slack.',
      'No menu "OAuth & Permissions", em "Redirect URLs", clique em "Add New Redirect URL", cole a URL de redirecionamento abaixo e clique em "Save URLs".',
      'Na mesma página, em "Bot Token Scopes", adicione os escopos chat:write, files:write, channels:read, groups:read, users:read, channels:history, groups:history, app_mentions:read e reactions:read (os quatro últimos servem ao gatilho do Slack).',
      'No menu "Basic Information", em "App Credentials", copie o Client ID e o Client Secret e cole-os nos campos abaixo.',
    ],
    urlLabel: 'URL de redirecionamento',
    idLabel: 'Client ID',
    secretLabel: 'Client secret',
    secretRequired: true,
  },
  google: {
    name: 'Google',
    consoleUrl: 'https://console.cloud.google.com/apis/credentials',
    consoleLabel: 'console.cloud.google.com',
    steps: [
      'Abra console.cloud.google.com, escolha ou crie um projeto e, em "APIs e serviços" → "Biblioteca", ative as APIs que os fluxos vão usar: Google Sheets API, Google Drive API, Gmail API e Google Calendar API.',
      'Em "APIs e serviços" → "Tela de consentimento OAuth", preencha o nome do app e o e-mail de suporte; enquanto o app estiver em teste, adicione como usuários de teste as contas Google que vão ser autorizadas.',
      'Em "APIs e serviços" → "Credenciais", clique em "Criar credenciais" → "ID do cliente OAuth" e escolha o tipo de aplicativo "Aplicativo da Web".',
      'Em "URIs de redirecionamento autorizados", clique em "Adicionar URI", cole a URL de redirecionamento abaixo e clique em "Criar".',
      'Copie o ID do cliente e a chave secreta do cliente que o Google mostra e cole-os nos campos abaixo.',
    ],
    urlLabel: 'URL de redirecionamento',
    idLabel: 'ID do cliente (client ID)',
    secretLabel: 'Chave secreta do cliente (client secret)',
    secretRequired: true,
  },
  trello: {
    name: 'Trello',
    consoleUrl: 'https://trello.com/power-ups/admin',
    consoleLabel: 'trello.com/power-ups/admin',
    steps: [
      'Abra trello.com/power-ups/admin e clique em "Novo" para criar um Power-Up: escolha o Workspace do Trello e informe um nome (por exemplo, Ponte) e um e-mail de contato.',
      'Na aba "Chave de API" do Power-Up, clique em "Gerar uma nova chave de API".',
      'Em "Origens permitidas", adicione o endereço deste Ponte mostrado abaixo.',
      'Copie a Chave de API e o Segredo e cole-os nos campos abaixo (o segredo é opcional para as operações, mas o gatilho do Trello precisa dele para conferir as entregas).',
    ],
    urlLabel: 'Origem permitida',
    idLabel: 'Chave de API',
    secretLabel: 'Segredo',
    secretRequired: false,
  },
};
