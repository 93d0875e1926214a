import {
  defineConnector,
  type ConnectorRequest,
  type ConnectorService,
} from '../kit/define-connector';
import type { ParamSpecInput } from '../../kit/define-node';
import {
  googleAuthorize,
  googleErrorMessage,
  googlePaging,
  googleRateLimited,
  sheetsRoot,
} from './google-rest';
import {
  a1Sheet,
  columnIndex,
  headersOf,
  matchingRows,
  rowFor,
  rowsAsObjects,
  valuesByColumn,
  valuesOf,
} from './google-sheets-rows';

/**
 * Google Sheets API v4 (https://developers.google.com/sheets/api/reference/rest):
 * `spreadsheets.values` get, append and update, the sheet's first row as its headers; the
 * spreadsheet picker lists Drive's spreadsheets (https://developers.google.com/drive/api/reference/rest/v3/files/list).
 */

const text = (value: unknown) => String(value ?? '').trim();

function need(params: Record<string, unknown>, name: string, label: string): string {
  const value = text(params[name]);
  if (!value) throw new Error(`Escolha ou informe "${label}" primeiro.`);
  return value;
}

const spreadsheetOf = (p: Record<string, unknown>) =>
  encodeURIComponent(need(p, 'spreadsheet_id', 'Planilha'));
const sheetOf = (p: Record<string, unknown>) => need(p, 'sheet', 'Aba');

/** `values.get` of a range of the sheet: numbers as numbers, dates as the sheet shows them. */
export function getValues(p: Record<string, unknown>, range = ''): ConnectorRequest {
  const a1 = `${a1Sheet(sheetOf(p))}${range ? `!${range}` : ''}`;
  return {
    method: 'GET',
    path: `v4/spreadsheets/${spreadsheetOf(p)}/values/${encodeURIComponent(a1)}`,
    query: { valueRenderOption: 'UNFORMATTED_VALUE', dateTimeRenderOption: 'FORMATTED_STRING' },
  };
}

/** The first row of the range given (`A1:F`), or of the sheet. */
const firstRowOf = (range: string) => {
  const row = /^[A-Za-z]*(\d+)/.exec(range.trim());
  return row ? Number(row[1]) : 1;
};

/** 'Planilha' and 'Aba', with their pickers: the connector's and the poller's. */
export const sheetParams: Record<'spreadsheet_id' | 'sheet', ParamSpecInput> = {
  spreadsheet_id: {
    type: 'text',
    label: 'Planilha',
    required: true,
    placeholder: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms',
    description: 'Escolha na lista ou cole o ID que está na URL da planilha (entre /d/ e /edit).',
    lookup: { name: 'spreadsheets' },
  },
  sheet: {
    type: 'text',
    label: 'Aba',
    required: true,
    placeholder: 'Página1',
    description: 'O nome da aba. A linha 1 dela tem os nomes das colunas.',
    lookup: { name: 'sheets', dependsOn: ['spreadsheet_id'] },
  },
};

/** Sheets' account, address, signing and refusals: the connector's and the poller's. */
export const googleSheetsService: ConnectorService = {
  service: 'google_sheets',
  label: 'Google Sheets',
  accountTypes: ['google_oauth2'],
  baseUrl: sheetsRoot,
  authorize: googleAuthorize,
  errorMessage: googleErrorMessage({
    label: 'Google Sheets',
    fields: { range: 'Intervalo', valueInputOption: 'Valores' },
    notFound: 'a "Planilha" não foi encontrada (confira o ID e se a conta Google tem acesso a ela)',
    known: [
      [/Unable to parse range/i, 'a "Aba" ou o "Intervalo" não existe nessa planilha'],
      [/exceeds grid limits/i, 'a linha ou o "Intervalo" passa do tamanho da aba'],
    ],
  }),
  rateLimited: googleRateLimited,
};

export const googleSheetsConnector = defineConnector({
  ...googleSheetsService,
  description: 'Adiciona, lê, busca e atualiza linhas de uma planilha do Google Sheets.',
  icon: 'table',
  params: {
    ...sheetParams,
    range: {
      type: 'text',
      label: 'Intervalo',
      placeholder: 'A1:F500',
      description:
        'Opcional, em notação A1. A primeira linha do intervalo tem os nomes das colunas. Vazio: a aba inteira.',
    },
    column: {
      type: 'text',
      label: 'Coluna',
      required: true,
      description: 'A coluna (pelo nome na linha 1) em que se procura o valor.',
      lookup: { name: 'columns', dependsOn: ['spreadsheet_id', 'sheet'] },
    },
    search_value: {
      type: 'text',
      label: 'Valor procurado',
      required: true,
      description: 'Maiúsculas e acentos não importam: "São Paulo" acha "sao paulo".',
    },
    values: {
      type: 'table-params',
      label: 'Valores',
      description: 'Uma linha por coluna: o nome da coluna (como na linha 1) e o valor.',
      columns: [
        { key: 'column', label: 'Coluna', type: 'text' },
        { key: 'value', label: 'Valor', type: 'text' },
      ],
    },
    values_json: {
      type: 'textarea',
      label: 'Valores em JSON',
      valueType: 'any',
      placeholder: '{"Nome": "Ana", "Total": "1.234,56"}',
      description: 'Opcional: um objeto {"Coluna": "valor"}; vale sobre a tabela acima.',
    },
    convert_values: {
      type: 'boolean',
      label: 'Converter números e datas do Brasil',
      default: false,
      description:
        'Envia "1.234,56" como o número 1234,56 e "31/12/2026" como data, qualquer que seja a localidade da planilha.',
    },
  },
  operations: {
    append_row: {
      resource: 'Linha',
      action: 'Adicionar',
      params: ['spreadsheet_id', 'sheet', 'values', 'values_json', 'convert_values'],
      // The headers first: the values go under the columns they name.
      request: (p) => getValues(p, '1:1'),
      async followUp(response, p, send) {
        const sheet = sheetOf(p);
        const values = valuesByColumn(p.values, p.values_json);
        const row = rowFor(
          headersOf(valuesOf(response.body)),
          values,
          sheet,
          !!p.convert_values,
          '',
        );
        const appended = await send({
          method: 'POST',
          path: `v4/spreadsheets/${spreadsheetOf(p)}/values/${encodeURIComponent(`${a1Sheet(sheet)}!A1`)}:append`,
          query: { valueInputOption: 'USER_ENTERED', insertDataOption: 'INSERT_ROWS' },
          json: { majorDimension: 'ROWS', values: [row] },
        });
        return (appended.body as { updates?: unknown } | null)?.updates ?? appended.body;
      },
    },
    read_rows: {
      resource: 'Linhas',
      action: 'Ler',
      params: ['spreadsheet_id', 'sheet', 'range'],
      request: (p) => getValues(p, text(p.range)),
      async followUp(response, p) {
        return rowsAsObjects(valuesOf(response.body), firstRowOf(text(p.range)));
      },
    },
    find_rows: {
      resource: 'Linhas',
      action: 'Buscar',
      params: ['spreadsheet_id', 'sheet', 'column', 'search_value'],
      request: (p) => getValues(p),
      async followUp(response, p) {
        return matchingRows(valuesOf(response.body), text(p.column), p.search_value, sheetOf(p));
      },
    },
    update_row: {
      resource: 'Linha',
      action: 'Atualizar',
      params: [
        'spreadsheet_id',
        'sheet',
        'column',
        'search_value',
        'values',
        'values_json',
        'convert_values',
      ],
      request: (p) => getValues(p),
      async followUp(response, p, send) {
        const sheet = sheetOf(p);
        const rows = valuesOf(response.body);
        const headers = headersOf(rows);
        const values = valuesByColumn(p.values, p.values_json);
        const row = rowFor(headers, values, sheet, !!p.convert_values, null);
        const [found] = matchingRows(rows, text(p.column), p.search_value, sheet);
        if (!found) {
          const column = headers[columnIndex(headers, text(p.column), sheet)];
          throw new Error(
            `Nenhuma linha da aba "${sheet}" tem "${text(p.search_value)}" na coluna "${column}".`,
          );
        }
        const range = `${a1Sheet(sheet)}!A${found._row as number}`;
        const updated = await send({
          method: 'PUT',
          path: `v4/spreadsheets/${spreadsheetOf(p)}/values/${encodeURIComponent(range)}`,
          query: { valueInputOption: 'USER_ENTERED' },
          json: { range, majorDimension: 'ROWS', values: [row] },
        });
        return { row: found._row, ...(updated.body as object) };
      },
    },
  },
  lookups: {
    spreadsheets: {
      request: () => ({
        method: 'GET',
        path: 'drive/v3/files',
        query: {
          q: "mimeType='application/vnd.google-apps.spreadsheet' and trashed=false",
          fields: 'nextPageToken,files(id,name)',
          orderBy: 'modifiedTime desc',
          pageSize: 100,
        },
      }),
      options: (response) =>
        googlePaging('files')
          .items(response)
          .map((file) => {
            const { id, name } = file as { id: string; name: string };
            return { value: id, label: name, description: id };
          }),
      paging: googlePaging('files'),
    },
    sheets: {
      request: (p) => ({
        method: 'GET',
        path: `v4/spreadsheets/${spreadsheetOf(p)}`,
        query: { fields: 'sheets.properties' },
      }),
      options: (response) =>
        ((response.body as { sheets?: { properties: { title: string } }[] })?.sheets ?? []).map(
          ({ properties }) => ({ value: properties.title, label: properties.title }),
        ),
    },
    columns: {
      request: (p) => getValues(p, '1:1'),
      options: (response) =>
        headersOf(valuesOf(response.body))
          .filter(Boolean)
          .map((header) => ({ value: header, label: header })),
    },
  },
});
