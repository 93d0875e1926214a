import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionData, NodeData } from '@ponte/shared/execution-data.schema';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import {
  authorizationCode,
  startGoogleStandIn,
  type GoogleStandIn,
} from '../../test/stand-ins/google-apis';
import {
  defaultOAuthProviders,
  type OAuthProvidersConfig,
} from '../service-accounts/oauth2/oauth2.config';
import { finishFromCallback } from '../../test/oauth2-callback';
import { useTestApp, type Requester, type TestAccount } from '../../test/test-app';

// Google is never reached: a stand-in of the documented Sheets v4
// (https://developers.google.com/sheets/api/reference/rest) and Drive v3
// (https://developers.google.com/drive/api/reference/rest/v3) contracts answers on 127.0.0.10,
// opened to the network guard. The account is Google's OAuth2 type, authorised through the
// stand-in's token endpoint, its 'URL da API' the stand-in's root.
const token = 'ya29.token-de-acesso-google';
let google: GoogleStandIn;
/** Google's OAuth app, its endpoints the stand-in's (filled before the app is built). */
const providers: OAuthProvidersConfig = structuredClone(defaultOAuthProviders);
beforeAll(async () => {
  google = await startGoogleStandIn('127.0.0.10', token);
  providers.google = {
    authUrl: `${google.url}/o/oauth2/v2/auth`,
    tokenUrl: `${google.url}/token`,
    apiUrl: google.url,
    client: { clientId: 'cliente-google', clientSecret: 'segredo-google' },
  };
});
afterAll(() => google.close());

describe('the Google Sheets and Drive connectors, through a Google account', () => {
  const t = useTestApp('embedded', {
    httpAllowedNetworks: ['127.0.0.10/32'],
    oauthProviders: providers,
  });

  async function googleAccount(api: Requester) {
    const res = await api.post('/api/v1/service-accounts', {
      name: `Google ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'google_oauth2',
      google_oauth2: { api_url: google.url },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id as string;
    // Authorised as a person would: consent, return with the code, the server trades it.
    const authorize = await api.post(`/account/v1/service-accounts/oauth2/authorize/${id}`, {
      service_account_id: id,
    });
    expect(authorize.statusCode, authorize.body).toBe(200);
    const state = new URL(authorize.json().authorize_url as string).searchParams.get('state')!;
    const returned = await t.app.inject({
      method: 'GET',
      url: `/account/v1/service-accounts/oauth2/return?code=${authorizationCode}&state=${encodeURIComponent(state)}`,
    });
    const finished = await finishFromCallback(
      api,
      id,
      new URL(returned.headers.location as string),
    );
    expect(finished.statusCode, finished.body).toBe(200);
    return id;
  }

  /** Saves manual trigger → the connector with these params, runs it, and gives the node's run. */
  async function run(account: TestAccount, type: string, params: Record<string, unknown>) {
    const flowId = await createFlow(
      t,
      account,
      chain({ type: 'core_manual_trigger' }, { type, uid: 'google', params }),
    );
    const started = await t
      .request(account.token)
      .post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(started.statusCode, started.body).toBe(200);
    const [execution] = await finished(t, flowId);
    const api = t.request(account.token);
    const data = (
      await api.get(`/api/v1/monitoring/executions/${execution!.id}/data`)
    ).json() as ExecutionData;
    const node = (
      await api.get(`/api/v1/monitoring/executions/${execution!.id}/data/google`)
    ).json() as NodeData;
    return {
      execution: execution!,
      summary: data.nodes.find((n) => n.node_uid === 'google'),
      run: node.runs[0],
    };
  }

  it('appends a row under its headers, then updates it found by a column without accents', async () => {
    const account = await t.createAccount();
    const id = await googleAccount(t.request(account.token));
    const rows: unknown[][] = [['Cliente', 'Cidade', 'Total']];
    google.spreadsheets.set('planilha-vendas', new Map([['Vendas 2026', rows]]));
    const sheet = { service_account: id, spreadsheet_id: 'planilha-vendas', sheet: 'Vendas 2026' };
    const appended = await run(account, 'svc_google_sheets', {
      ...sheet,
      operation: 'append_row',
      values: [
        { column: 'Cliente', value: 'Padaria Pão Quente' },
        { column: 'Total', value: '1.234,56' },
      ],
      values_json: '{"Cidade": "São Paulo"}',
      convert_values: true,
    });
    expect(appended.execution.status, appended.summary?.error?.message).toBe('success');
    expect(google.calls.at(-1)).toMatchObject({
      method: 'POST',
      url: "/v4/spreadsheets/planilha-vendas/values/'Vendas 2026'!A1:append?valueInputOption=USER_ENTERED&insertDataOption=INSERT_ROWS",
      authorization: `Bearer ${token}`,
    });
    expect(rows[1]).toEqual(['Padaria Pão Quente', 'São Paulo', 1234.56]);
    expect(appended.run!.outputs[0]!.msg).toMatchObject({
      payload: { updatedRange: "'Vendas 2026'!A2", updatedRows: 1 },
    });

    const updated = await run(account, 'svc_google_sheets', {
      ...sheet,
      operation: 'update_row',
      column: 'cidade',
      search_value: 'SAO PAULO',
      values: [{ column: 'Total', value: '99,90' }],
      convert_values: true,
    });
    expect(updated.execution.status).toBe('success');
    expect(JSON.parse(google.calls.at(-1)!.body)).toEqual({
      range: "'Vendas 2026'!A2",
      majorDimension: 'ROWS',
      values: [[null, null, 99.9]],
    });
    expect(rows[1]).toEqual(['Padaria Pão Quente', 'São Paulo', 99.9]);
  });

  it('says in pt-BR a sheet the spreadsheet does not have', async () => {
    const account = await t.createAccount();
    const id = await googleAccount(t.request(account.token));
    google.spreadsheets.set('planilha-2', new Map([['Página1', [['Nome']]]]));
    const { execution, summary } = await run(account, 'svc_google_sheets', {
      service_account: id,
      operation: 'read_rows',
      spreadsheet_id: 'planilha-2',
      sheet: 'Vendas',
    });
    expect(execution.status).toBe('error');
    expect(summary?.error?.message).toBe(
      `O Google Sheets recusou a chamada: a "Aba" ou o "Intervalo" não existe nessa planilha (Unable to parse range: 'Vendas').`,
    );
  });

  it('uploads a file into a folder, then lists the folder across three pages, waiting out a 429', async () => {
    const account = await t.createAccount();
    const id = await googleAccount(t.request(account.token));
    const folder = `pasta-${Math.random().toString(36).slice(2, 8)}`;
    google.files.push({
      id: folder,
      name: 'Relatórios',
      mimeType: 'application/vnd.google-apps.folder',
    });
    for (let n = 1; n <= 249; n++)
      google.files.push({
        id: `${folder}-${n}`,
        name: `nota-${n}.pdf`,
        mimeType: 'application/pdf',
        parents: [folder],
      });
    const uploaded = await run(account, 'svc_google_drive', {
      service_account: id,
      operation: 'upload_file',
      name: 'vendas.csv',
      content: 'cliente;total\nPão Quente;1.234,56',
      mime_type: 'text/csv',
      folder_id: folder,
    });
    expect(uploaded.execution.status).toBe('success');
    expect(google.calls.at(-1)).toMatchObject({
      method: 'POST',
      authorization: `Bearer ${token}`,
      contentType: expect.stringMatching(/^multipart\/related; boundary=/),
    });
    expect(google.files.at(-1)).toMatchObject({
      name: 'vendas.csv',
      mimeType: 'text/csv',
      parents: [folder],
      content: 'cliente;total\nPão Quente;1.234,56',
    });
    const before = google.calls.length;
    google.limitNext(1);
    const listed = await run(account, 'svc_google_drive', {
      service_account: id,
      operation: 'list_files',
      folder_id: folder,
      return_all: true,
    });
    expect(listed.execution.status).toBe('success');
    expect(
      google.calls
        .slice(before)
        .map((call) => new URL(call.url, 'http://x').searchParams.get('pageToken')),
    ).toEqual([null, null, '100', '200']);
    const payload = listed.run!.outputs[0]!.msg?.payload as { name: string }[];
    expect(payload).toHaveLength(250);
    expect(payload.at(-1)).toMatchObject({ name: 'vendas.csv' });
  });

  it('shares a file by e-mail, and says a refused address in pt-BR', async () => {
    const account = await t.createAccount();
    const id = await googleAccount(t.request(account.token));
    google.files.push({ id: 'contrato-1', name: 'contrato.pdf', mimeType: 'application/pdf' });
    const share = {
      service_account: id,
      operation: 'share_file',
      file_id: 'contrato-1',
      role: 'writer',
    };
    const shared = await run(account, 'svc_google_drive', {
      ...share,
      email: 'ana@empresa.com.br',
    });
    expect(shared.execution.status).toBe('success');
    expect(google.permissions.get('contrato-1')).toEqual([
      expect.objectContaining({ role: 'writer', type: 'user', emailAddress: 'ana@empresa.com.br' }),
    ]);
    const refused = await run(account, 'svc_google_drive', { ...share, email: 'ana' });
    expect(refused.execution.status).toBe('error');
    expect(refused.summary?.error?.message).toBe(
      'O Google Drive recusou a chamada: o campo "E-mail" não é válido (Bad Request. User message: "Endereço de e-mail inválido.").',
    );
  });
});
