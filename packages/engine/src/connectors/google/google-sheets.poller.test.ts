import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../testing/fake-ports';
import { googleSheetsPoller } from './google-sheets.poller';
import { googleErrorBody, googlePorts } from './google-test-ports';

// Answers as the Sheets API reference documents `spreadsheets.values.get`: a ValueRange
// `{range, majorDimension: 'ROWS', values}` whose empty rows at the end are left out
// (https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/get).

function sheet(rows: unknown[][]) {
  const ports = googlePorts();
  ports.httpHandler = () =>
    jsonResponse(200, { range: "'Pedidos'!A1:Z1000", majorDimension: 'ROWS', values: rows });
  return ports;
}

const poll = (ports: ReturnType<typeof googlePorts>, cursor: unknown) =>
  googleSheetsPoller.poller!.poll({
    accountId: 'google',
    params: { service_account: 'google', spreadsheet_id: 'planilha-1', sheet: 'Pedidos' },
    cursor,
    ports,
    scope: { workspaceId: 'ws-1', flowId: 'flow-1', executionId: '' },
    signal: new AbortController().signal,
  });

describe('svc_google_sheets_poll', () => {
  it('records the last row on the first poll, then gives each new row by its headers', async () => {
    const rows: unknown[][] = [
      ['Cliente', 'Total'],
      ['Ana', 10],
    ];
    const ports = sheet(rows);
    const first = await poll(ports, null);
    expect(first).toMatchObject({ events: [], cursor: { row: 2 } });
    const url = new URL(ports.httpCalls[0]!.url);
    expect(decodeURIComponent(url.pathname)).toBe("/v4/spreadsheets/planilha-1/values/'Pedidos'");
    expect(url.searchParams.get('valueRenderOption')).toBe('UNFORMATTED_VALUE');

    rows.push(['Bruno', 1234.5], ['Carla']);
    const second = await poll(ports, first.cursor);
    expect(second.events).toEqual([
      { event: 'row_added', key: '3', payload: { _row: 3, Cliente: 'Bruno', Total: 1234.5 } },
      { event: 'row_added', key: '4', payload: { _row: 4, Cliente: 'Carla', Total: '' } },
    ]);
    expect(second.cursor).toEqual({ row: 4 });
    expect((await poll(ports, second.cursor)).events).toEqual([]);
  });

  it("says Sheets' refusal in pt-BR", async () => {
    const ports = googlePorts();
    ports.httpHandler = () =>
      jsonResponse(
        404,
        googleErrorBody(404, 'NOT_FOUND', 'notFound', 'Requested entity was not found.'),
      );
    await expect(poll(ports, { row: 2 })).rejects.toThrow(
      'O Google Sheets recusou a chamada: a "Planilha" não foi encontrada',
    );
  });
});
