import { defineConnectorPoller } from '../kit/define-connector-poller';
import {
  getValues,
  googleSheetsConnector,
  googleSheetsService,
  sheetParams,
} from './google-sheets.connector';
import { rowsAsObjects, valuesOf } from './google-sheets-rows';

/**
 * Google Sheets' 'Nova linha' by polling (docs/adr/0091): `spreadsheets.values.get` of the
 * sheet (https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/get),
 * its first row as the headers; the cursor is the number of the last row seen.
 */

/** The last row seen (1 is the headers' row). */
export interface SheetCursor {
  row: number;
}

const poller = defineConnectorPoller({
  connector: googleSheetsService,
  label: 'Google Sheets: nova linha',
  description:
    'Inicia o flow a cada linha nova no fim de uma aba do Google Sheets, consultando a planilha de tempos em tempos. A linha vem como objeto pelos nomes da linha 1.',
  icon: 'table',
  event: 'row_added',
  params: sheetParams,
  async poll({ params, cursor, call }) {
    const values = valuesOf((await call(getValues(params))).body);
    // Sheets leaves out the empty rows at the end: the last one given is the sheet's last.
    const last = Math.max(values.length, 1);
    if (!cursor) return { events: [], cursor: { row: last } };
    const seen = (cursor as SheetCursor).row;
    const rows = rowsAsObjects(values).filter((row) => (row._row as number) > seen);
    return {
      events: rows.map((row) => ({ event: 'row_added', payload: row, key: String(row._row) })),
      // Rows removed since: the rows added after them are new.
      cursor: { row: last },
    };
  },
});

/** The trigger, its 'Planilha' and 'Aba' pickers served by the connector's lookups. */
export const googleSheetsPoller = { ...poller, lookupOptions: googleSheetsConnector.lookupOptions };
