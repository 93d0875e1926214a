import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../ports';
import { createFakePorts, jsonResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { googleSheetsConnector } from './google-sheets.connector';

// Answers as Google documents them: Sheets API v4 spreadsheets.values
// (https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values), Drive's
// files.list (https://developers.google.com/drive/api/reference/rest/v3/files/list) and the
// error model (https://cloud.google.com/apis/design/errors).
const token = 'ya29.token-google';
const sheetUrl = 'https://sheets.googleapis.com/v4/spreadsheets/planilha-1/values/';

const table = [
  ['Nome', 'Cidade', 'Total'],
  ['Ana', 'São Paulo', 10],
  ['Bruno', 'Recife', 20],
  ['Carla', 'sao paulo', 30],
];

function google(handler: (request: HttpRequest, url: URL) => ReturnType<typeof jsonResponse>) {
  const ports = createFakePorts();
  ports.accounts.g = {
    _id: 'g',
    name: 'Google da loja',
    type: 'google_oauth2',
    data: { access_token: token },
  };
  ports.httpHandler = (request) => handler(request, new URL(request.url));
  return ports;
}

const googleRefusal = (code: number, status: string, message: string, reason = 'badRequest') =>
  jsonResponse(code, { error: { code, message, status, errors: [{ reason, message }] } });

const base = { service_account: 'g', spreadsheet_id: 'planilha-1', sheet: 'Vendas 2026' };

describe('svc_google_sheets', () => {
  it('appends a row under the headers it names, converting Brazilian numbers and dates', async () => {
    const ports = google((request) =>
      request.method === 'GET'
        ? jsonResponse(200, {
            range: "'Vendas 2026'!A1:D1",
            values: [['Nome', 'Data', 'Total', 'Obs']],
          })
        : jsonResponse(200, {
            spreadsheetId: 'planilha-1',
            updates: { updatedRange: "'Vendas 2026'!A5:C5", updatedRows: 1 },
          }),
    );
    const { emitted } = await runNode(googleSheetsConnector, {
      ports,
      params: {
        ...base,
        operation: 'append_row',
        values: [
          { column: 'total', value: '1.234,56' },
          { column: 'Data', value: '31/12/2026' },
        ],
        values_json: '{"Nome": "Ana"}',
        convert_values: true,
      },
    });
    expect(ports.httpCalls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET ${sheetUrl}'Vendas%202026'!1%3A1?valueRenderOption=UNFORMATTED_VALUE&dateTimeRenderOption=FORMATTED_STRING`,
      `POST ${sheetUrl}'Vendas%202026'!A1:append?valueInputOption=USER_ENTERED&insertDataOption=INSERT_ROWS`,
    ]);
    expect(ports.httpCalls[1]!.headers?.authorization).toBe(`Bearer ${token}`);
    expect(JSON.parse(String(ports.httpCalls[1]!.body))).toEqual({
      majorDimension: 'ROWS',
      values: [['Ana', '2026-12-31', 1234.56]],
    });
    expect(emitted[0]!.msg.payload).toEqual({
      updatedRange: "'Vendas 2026'!A5:C5",
      updatedRows: 1,
    });
  });

  it('names a column the sheet does not have, before writing', async () => {
    const ports = google(() => jsonResponse(200, { values: [['Nome', 'Total']] }));
    const error = await runNode(googleSheetsConnector, {
      ports,
      params: { ...base, operation: 'append_row', values: [{ column: 'Preço', value: '1' }] },
    }).catch((failure: Error) => failure);
    expect((error as Error).message).toBe(
      'A aba "Vendas 2026" não tem a coluna "Preço" na linha 1 (colunas: Nome, Total).',
    );
    expect(ports.httpCalls).toHaveLength(1);
  });

  it("says Google's refusals of a write: no permission, the API not enabled, a range past the grid", async () => {
    const refusals = [
      googleRefusal(403, 'PERMISSION_DENIED', 'The caller does not have permission', 'forbidden'),
      googleRefusal(
        403,
        'PERMISSION_DENIED',
        'Google Sheets API has not been used in project 123 before or it is disabled.',
        'accessNotConfigured',
      ),
    ];
    for (const [refusal, said] of [
      [
        refusals[0]!,
        'a conta Google não tem permissão para isso (ou faltam escopos ao conectá-la)',
      ],
      [refusals[1]!, 'a API do Google Sheets não está ativada no projeto do Google Cloud da conta'],
    ] as const) {
      const ports = google((request) =>
        request.method === 'GET' ? jsonResponse(200, { values: [['Nome']] }) : refusal,
      );
      const error = await runNode(googleSheetsConnector, {
        ports,
        params: { ...base, operation: 'append_row', values_json: { Nome: 'Ana' } },
      }).catch((failure: Error) => failure);
      expect((error as Error).message).toMatch(`O Google Sheets recusou a chamada: ${said} (`);
    }
    const ports = google((request) =>
      request.method === 'GET'
        ? jsonResponse(200, { values: table })
        : googleRefusal(
            400,
            'INVALID_ARGUMENT',
            "Range ('Vendas 2026'!A3) exceeds grid limits. Max rows: 2, max columns: 26",
          ),
    );
    const error = await runNode(googleSheetsConnector, {
      ports,
      params: {
        ...base,
        operation: 'update_row',
        column: 'Nome',
        search_value: 'Bruno',
        values_json: { Total: 1 },
      },
    }).catch((failure: Error) => failure);
    expect((error as Error).message).toMatch(
      'O Google Sheets recusou a chamada: a linha ou o "Intervalo" passa do tamanho da aba (',
    );
  });

  it('reads the rows of a range as objects by header, with their row numbers', async () => {
    const ports = google(() =>
      jsonResponse(200, { range: "'Vendas 2026'!A3:C5", values: table.slice(0, 3) }),
    );
    const { emitted } = await runNode(googleSheetsConnector, {
      ports,
      params: { ...base, operation: 'read_rows', range: 'A3:C5' },
    });
    expect(ports.httpCalls[0]!.url).toContain(`${sheetUrl}'Vendas%202026'!A3%3AC5?`);
    expect(emitted[0]!.msg.payload).toEqual([
      { _row: 4, Nome: 'Ana', Cidade: 'São Paulo', Total: 10 },
      { _row: 5, Nome: 'Bruno', Cidade: 'Recife', Total: 20 },
    ]);
  });

  it('says a sheet that does not exist in pt-BR', async () => {
    const ports = google(() =>
      googleRefusal(400, 'INVALID_ARGUMENT', "Unable to parse range: 'Vendas 2026'"),
    );
    const error = await runNode(googleSheetsConnector, {
      ports,
      params: { ...base, operation: 'read_rows' },
    }).catch((failure: Error) => failure);
    expect((error as Error).message).toBe(
      `O Google Sheets recusou a chamada: a "Aba" ou o "Intervalo" não existe nessa planilha (Unable to parse range: 'Vendas 2026').`,
    );
  });

  it('finds the rows whose column equals a value, case and accents aside', async () => {
    const ports = google(() => jsonResponse(200, { values: table }));
    const { emitted } = await runNode(googleSheetsConnector, {
      ports,
      params: { ...base, operation: 'find_rows', column: 'cidade', search_value: 'SÃO PAULO ' },
    });
    expect(emitted[0]!.msg.payload).toEqual([
      { _row: 2, Nome: 'Ana', Cidade: 'São Paulo', Total: 10 },
      { _row: 4, Nome: 'Carla', Cidade: 'sao paulo', Total: 30 },
    ]);
  });

  it('says a spreadsheet it cannot find', async () => {
    const ports = google(() =>
      googleRefusal(404, 'NOT_FOUND', 'Requested entity was not found.', 'notFound'),
    );
    const error = await runNode(googleSheetsConnector, {
      ports,
      params: { ...base, operation: 'find_rows', column: 'Nome', search_value: 'Ana' },
    }).catch((failure: Error) => failure);
    expect((error as Error).message).toBe(
      'O Google Sheets recusou a chamada: a "Planilha" não foi encontrada (confira o ID e se a conta Google tem acesso a ela) (Requested entity was not found.).',
    );
  });

  it('updates only the given cells of the first row found by its key column', async () => {
    const ports = google((request) =>
      request.method === 'GET'
        ? jsonResponse(200, { values: table })
        : jsonResponse(200, { updatedRange: "'Vendas 2026'!C3", updatedCells: 1 }),
    );
    const { emitted } = await runNode(googleSheetsConnector, {
      ports,
      params: {
        ...base,
        operation: 'update_row',
        column: 'Nome',
        search_value: 'bruno',
        values: [{ column: 'Total', value: '2.500' }],
        convert_values: true,
      },
    });
    expect(`${ports.httpCalls[1]!.method} ${ports.httpCalls[1]!.url}`).toBe(
      `PUT ${sheetUrl}'Vendas%202026'!A3?valueInputOption=USER_ENTERED`,
    );
    expect(JSON.parse(String(ports.httpCalls[1]!.body))).toEqual({
      range: "'Vendas 2026'!A3",
      majorDimension: 'ROWS',
      values: [[null, null, 2500]],
    });
    expect(emitted[0]!.msg.payload).toEqual({
      row: 3,
      updatedRange: "'Vendas 2026'!C3",
      updatedCells: 1,
    });
  });

  it('says when no row has the value, and writes nothing', async () => {
    const ports = google(() => jsonResponse(200, { values: table }));
    const error = await runNode(googleSheetsConnector, {
      ports,
      params: {
        ...base,
        operation: 'update_row',
        column: 'nome',
        search_value: 'Zé',
        values_json: { Total: 1 },
      },
    }).catch((failure: Error) => failure);
    expect((error as Error).message).toBe(
      'Nenhuma linha da aba "Vendas 2026" tem "Zé" na coluna "Nome".',
    );
    expect(ports.httpCalls).toHaveLength(1);
  });

  it('waits out a 429 and a 403 rateLimitExceeded, then a refused token asks to reconnect', async () => {
    let calls = 0;
    const ports = google(() => {
      calls++;
      if (calls === 1)
        return googleRefusal(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded', 'rateLimitExceeded');
      if (calls === 2)
        return googleRefusal(403, 'PERMISSION_DENIED', 'Rate limit', 'userRateLimitExceeded');
      if (calls === 3) return jsonResponse(200, { values: table });
      return googleRefusal(401, 'UNAUTHENTICATED', 'Invalid Credentials', 'authError');
    });
    const { emitted } = await runNode(googleSheetsConnector, {
      ports,
      params: { ...base, operation: 'read_rows' },
    });
    expect(emitted[0]!.msg.payload).toHaveLength(3);
    expect(calls).toBe(3);
    const error = await runNode(googleSheetsConnector, {
      ports,
      params: { ...base, operation: 'read_rows' },
    }).catch((failure: Error) => failure);
    expect((error as Error).message).toBe(
      'O Google Sheets recusou o token da conta de serviço: conecte a conta Google de novo.',
    );
    // The 401 was tried once more with a renewed token.
    expect(ports.httpCalls.at(-1)!.headers?.authorization).toBe(`Bearer ${token}-renovado`);
  });

  const lookup = (
    ports: ReturnType<typeof google>,
    name: string,
    params: Record<string, unknown>,
  ) =>
    googleSheetsConnector.lookupOptions!(name, {
      accountId: 'g',
      params,
      ports,
      scope: { workspaceId: 'w1', flowId: '', executionId: '' },
      signal: new AbortController().signal,
    });

  it("picks a spreadsheet from Drive's listing across three pages", async () => {
    const ports = google((_request, url) => {
      const page = Number(url.searchParams.get('pageToken') ?? '1');
      return jsonResponse(200, {
        files: [{ id: `p${page}`, name: `Planilha ${page}` }],
        ...(page < 3 ? { nextPageToken: String(page + 1) } : {}),
      });
    });
    const options = await lookup(ports, 'spreadsheets', {});
    expect(options.map((o) => o.label)).toEqual(['Planilha 1', 'Planilha 2', 'Planilha 3']);
    const first = new URL(ports.httpCalls[0]!.url);
    expect(first.origin + first.pathname).toBe('https://www.googleapis.com/drive/v3/files');
    expect(first.searchParams.get('q')).toBe(
      "mimeType='application/vnd.google-apps.spreadsheet' and trashed=false",
    );
    expect(new URL(ports.httpCalls[2]!.url).searchParams.get('pageToken')).toBe('3');
  });

  it('picks a sheet of the spreadsheet and a column of its header row', async () => {
    const ports = google((_request, url) =>
      url.pathname.includes('/values/')
        ? jsonResponse(200, { values: [['Nome', '', 'Total']] })
        : jsonResponse(200, {
            sheets: [
              { properties: { sheetId: 0, title: 'Vendas 2026' } },
              { properties: { sheetId: 7, title: 'Resumo' } },
            ],
          }),
    );
    expect(await lookup(ports, 'sheets', { spreadsheet_id: 'planilha-1' })).toEqual([
      { value: 'Vendas 2026', label: 'Vendas 2026' },
      { value: 'Resumo', label: 'Resumo' },
    ]);
    expect(ports.httpCalls[0]!.url).toBe(
      'https://sheets.googleapis.com/v4/spreadsheets/planilha-1?fields=sheets.properties',
    );
    expect(
      await lookup(ports, 'columns', { spreadsheet_id: 'planilha-1', sheet: 'Vendas 2026' }),
    ).toEqual([
      { value: 'Nome', label: 'Nome' },
      { value: 'Total', label: 'Total' },
    ]);
    await expect(lookup(ports, 'columns', { spreadsheet_id: 'planilha-1' })).rejects.toThrow(
      'Escolha ou informe "Aba" primeiro.',
    );
  });
});
