import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultOAuthProviders,
  type OAuthProvidersConfig,
} from '../service-accounts/oauth2/oauth2.config';
import { chain, createFlow, executionsOf, finished } from '../../test/flow-fixtures';
import {
  googleAccount,
  pollCursorOf,
  pollFailed,
  pollFailureLines,
  polled,
} from '../../test/poll-fixtures';
import { startGoogleStandIn, type GoogleStandIn } from '../../test/stand-ins/google-apis';
import { useTestApp } from '../../test/test-app';
import { createManualClock } from './timer-clock';

// Google is never reached: a stand-in of Sheets API v4's `spreadsheets.values.get` (a
// ValueRange whose empty rows at the end are left out;
// https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/get) and of
// Google's error answers (https://cloud.google.com/apis/design/errors#http_mapping) answers on
// 127.0.0.13, opened to the network guard. The account is authorised through the server as a
// person would. The polls' clock moves by hand.
let google: GoogleStandIn;
const providers: OAuthProvidersConfig = structuredClone(defaultOAuthProviders);
beforeAll(async () => {
  google = await startGoogleStandIn('127.0.0.13', 'ya29.token-das-planilhas');
  providers.google = {
    authUrl: `${google.url}/o/oauth2/v2/auth`,
    tokenUrl: `${google.url}/token`,
    apiUrl: google.url,
    client: { clientId: 'google-id', clientSecret: 'google-secret' },
  };
});
afterAll(() => google.close());

const rowOf = (run: { triggerMsg: unknown }) =>
  (run.triggerMsg as { payload: Record<string, unknown> }).payload;
/** The executions, in the order they were enqueued. */
const inOrder = <R extends { queuedAt: Date }>(runs: R[]) =>
  [...runs].sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime());

describe("Google Sheets' 'Nova linha' polling trigger", () => {
  const clock = createManualClock(Date.parse('2026-11-23T12:00:00.000Z'));
  const t = useTestApp('embedded', {
    httpAllowedNetworks: ['127.0.0.13/32'],
    oauthProviders: providers,
    triggerClock: clock,
  });

  it('records the last row, then starts one execution per new row in order, by the headers; a refused poll is logged and the next one goes on', async () => {
    const owner = await t.createAccount();
    const account = await googleAccount(t, owner, google.url);
    const rows: unknown[][] = [
      ['Cliente', 'Total'],
      ['Padaria Pão Quente', 10],
    ];
    google.spreadsheets.set('planilha-pedidos', new Map([['Pedidos', rows]]));
    const flowId = await createFlow(
      t,
      owner,
      chain(
        {
          type: 'svc_google_sheets_poll',
          uid: 'sheets',
          params: {
            service_account: account,
            spreadsheet_id: 'planilha-pedidos',
            sheet: 'Pedidos',
          },
        },
        { type: 'core_log', params: { label: 'Pedido', message: '{{ msg.payload.Cliente }}' } },
      ),
    );

    // 12:05, the first poll: it only records the last row, nothing starts.
    await clock.advance(5 * 60_000);
    expect((await polled(t, flowId)).cursor).toEqual({ row: 2 });
    expect(await executionsOf(t, flowId)).toHaveLength(0);

    // Two rows are appended; at 12:10 each starts the flow, in order, keyed by row 1.
    rows.push(['Mercado Bom Preço', 1234.5], ['Açougue Central']);
    await clock.advance(5 * 60_000);
    const runs = inOrder(await finished(t, flowId, 2));
    expect(runs.map((run) => [run.status, run.triggerNodeUid])).toEqual([
      ['success', 'sheets'],
      ['success', 'sheets'],
    ]);
    expect(runs.map(rowOf)).toEqual([
      { _row: 3, Cliente: 'Mercado Bom Preço', Total: 1234.5 },
      { _row: 4, Cliente: 'Açougue Central', Total: '' },
    ]);
    expect(runs.map((run) => (run.triggerMsg as { event: string }).event)).toEqual([
      'row_added',
      'row_added',
    ]);
    expect((await pollCursorOf(t, flowId))!.cursor).toEqual({ row: 4 });

    // 12:15: Sheets refuses (403). A line in the flow's logs, the cursor kept.
    google.failNext(403, 1);
    await clock.advance(5 * 60_000);
    expect((await pollFailed(t, flowId)).cursor).toEqual({ row: 4 });
    expect(await pollFailureLines(t, flowId)).toEqual([
      'O gatilho "Google Sheets: nova linha" não conseguiu consultar o serviço: O Google Sheets recusou a chamada: a conta Google não tem permissão para isso (ou faltam escopos ao conectá-la) (The caller does not have permission). A próxima consulta tenta de novo.',
    ]);

    // 12:20: Sheets is down (500). Another line.
    google.failNext(500, 1);
    await clock.advance(5 * 60_000);
    expect((await pollFailureLines(t, flowId, 2))[1]).toBe(
      'O gatilho "Google Sheets: nova linha" não conseguiu consultar o serviço: O Google Sheets recusou a chamada: Internal error encountered. A próxima consulta tenta de novo.',
    );

    // 12:25: the next poll goes on from the last row seen before the failures.
    rows.push(['Feira do Bairro', 7]);
    await clock.advance(5 * 60_000);
    const all = inOrder(await finished(t, flowId, 3));
    expect(rowOf(all[2]!)).toEqual({ _row: 5, Cliente: 'Feira do Bairro', Total: 7 });
    expect(await pollCursorOf(t, flowId)).toMatchObject({ cursor: { row: 5 }, lastError: null });
  });
});
