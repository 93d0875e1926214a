import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of the Google APIs Ponte's Sheets and Drive connectors use, written from their
 * references: Sheets v4 `spreadsheets.values` get, append and update
 * (https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values),
 * `spreadsheets.get` (https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets/get:
 * the sheets' `properties`, titled by the Drive file of the same id) and Drive
 * v3 files list, get `alt=media`, multipart create and permissions create
 * (https://developers.google.com/drive/api/reference/rest/v3). One root serves both (paths
 * carry the API: `/v4/...`, `/drive/v3/...`, `/upload/drive/v3/...`), as a proxy would.
 * `Authorization: Bearer <token>`, else 401 UNAUTHENTICATED; refusals are Google's
 * `{error: {code, message, status, errors: [{reason, location}]}}`; `limitNext` answers 429
 * RESOURCE_EXHAUSTED; `failNext` answers 403 PERMISSION_DENIED or 500 INTERNAL. OAuth 2.0 for web
 * server apps (https://developers.google.com/identity/protocols/oauth2/web-server): `GET
 * /o/oauth2/v2/auth` consents at once, sending the browser back with `authorizationCode`, and
 * `POST /token` trades it for the token. Ranges: a sheet's name (quoted or not), alone or with
 * `1:1`, `A<n>`.
 */
export interface GoogleCall {
  method: string;
  /** Path and query as received, decoded. */
  url: string;
  authorization: string;
  contentType: string;
  body: string;
}

export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents?: string[];
  content?: string;
}

export interface GoogleStandIn {
  /** The root to put in an account's 'URL da API'. */
  url: string;
  calls: GoogleCall[];
  /** Spreadsheets by id: each sheet's rows by its name. */
  spreadsheets: Map<string, Map<string, unknown[][]>>;
  files: DriveFile[];
  /** Permissions created, by file id. */
  permissions: Map<string, Record<string, unknown>[]>;
  limitNext(count: number): void;
  /** The next `count` API calls refused: 403 PERMISSION_DENIED or 500 INTERNAL, as Google says. */
  failNext(status: 403 | 500, count: number): void;
  close(): Promise<void>;
}

type Refusal = [status: number, code: string, message: string, reason: string, location?: string];

/** The code its consent screen would give: the token endpoint trades it for `token`. */
export const authorizationCode = 'codigo-google';

export async function startGoogleStandIn(host: string, token: string): Promise<GoogleStandIn> {
  const calls: GoogleCall[] = [];
  const spreadsheets: GoogleStandIn['spreadsheets'] = new Map();
  const files: DriveFile[] = [];
  const permissions: GoogleStandIn['permissions'] = new Map();
  let limited = 0;
  let failing: { status: 403 | 500; count: number } = { status: 500, count: 0 };
  let nextId = 1;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(body));
  };
  const fail = (response: ServerResponse, [status, code, message, reason, location]: Refusal) =>
    send(response, status, {
      error: {
        code: status,
        message,
        status: code,
        errors: [{ message, domain: 'global', reason, ...(location ? { location } : {}) }],
      },
    });

  /** `'Vendas 2026'!A3` → the sheet's rows, the first row and whether it is the header row only. */
  function range(id: string, a1: string) {
    const book = spreadsheets.get(id);
    if (!book)
      return {
        refusal: [404, 'NOT_FOUND', 'Requested entity was not found.', 'notFound'] as Refusal,
      };
    const [, quoted, plain, cells] = /^(?:'((?:[^']|'')*)'|([^!]+))(?:!(.*))?$/.exec(a1) ?? [];
    const name = quoted !== undefined ? quoted.replace(/''/g, "'") : plain;
    const rows = name === undefined ? undefined : book.get(name);
    if (!rows)
      return {
        refusal: [400, 'INVALID_ARGUMENT', `Unable to parse range: ${a1}`, 'badRequest'] as Refusal,
      };
    const first = Number(/(\d+)/.exec(cells ?? '')?.[1] ?? 1);
    return { rows, first, headerOnly: cells === '1:1' };
  }

  /** `spreadsheets.get`: the spreadsheet's title and each sheet's properties, in order. */
  function spreadsheet(id: string, response: ServerResponse) {
    const book = spreadsheets.get(id);
    if (!book)
      return fail(response, [404, 'NOT_FOUND', 'Requested entity was not found.', 'notFound']);
    return send(response, 200, {
      spreadsheetId: id,
      properties: { title: files.find((file) => file.id === id)?.name ?? id, locale: 'pt_BR' },
      sheets: [...book].map(([title, rows], index) => ({
        properties: {
          sheetId: index,
          title,
          index,
          sheetType: 'GRID',
          gridProperties: {
            rowCount: Math.max(rows.length, 1000),
            columnCount: Math.max(...rows.map((row) => row.length), 26),
          },
        },
      })),
    });
  }

  function sheets(
    method: string,
    path: string,
    query: URLSearchParams,
    raw: string,
    response: ServerResponse,
  ) {
    const whole = /^\/v4\/spreadsheets\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && whole !== undefined) return spreadsheet(whole, response);
    const [, id, a1, verb] =
      /^\/v4\/spreadsheets\/([^/]+)\/values\/(.+?)(:append)?$/.exec(path) ?? [];
    if (!id || !a1) return fail(response, [404, 'NOT_FOUND', 'Not Found', 'notFound']);
    const found = range(id, a1);
    if (found.refusal) return fail(response, found.refusal);
    const { rows, first, headerOnly } = found;
    if (method === 'GET') {
      const values = headerOnly ? rows.slice(0, 1) : rows.slice(first - 1);
      return send(response, 200, { range: a1, majorDimension: 'ROWS', values });
    }
    if (query.get('valueInputOption') !== 'USER_ENTERED' && query.get('valueInputOption') !== 'RAW')
      return fail(response, [
        400,
        'INVALID_ARGUMENT',
        "Invalid valueInputOption: ''",
        'badRequest',
        'valueInputOption',
      ]);
    const { values } = JSON.parse(raw) as { values: unknown[][] };
    if (verb && method === 'POST') {
      rows.push(values[0]!.map((cell) => cell ?? ''));
      const row = rows.length;
      return send(response, 200, {
        spreadsheetId: id,
        tableRange: a1,
        updates: {
          spreadsheetId: id,
          updatedRange: `${a1.split('!')[0]}!A${row}`,
          updatedRows: 1,
          updatedCells: values[0]!.length,
        },
      });
    }
    if (method === 'PUT') {
      const target = rows[first - 1] ?? [];
      values[0]!.forEach((cell, i) => {
        // Null cells are skipped, as the reference says.
        if (cell !== null) target[i] = cell;
      });
      rows[first - 1] = target;
      return send(response, 200, {
        spreadsheetId: id,
        updatedRange: a1,
        updatedRows: 1,
        updatedCells: values[0]!.filter((cell) => cell !== null).length,
      });
    }
    return fail(response, [404, 'NOT_FOUND', 'Not Found', 'notFound']);
  }

  /** The parts of a multipart/related body: the metadata JSON, then the media. */
  function multipart(contentType: string, raw: string) {
    const boundary = /boundary=([^;]+)/.exec(contentType)?.[1];
    if (!boundary) return null;
    const parts = raw.split(`--${boundary}`).slice(1, -1);
    const [meta, media] = parts.map((part) => part.slice(part.indexOf('\r\n\r\n') + 4, -2));
    return { metadata: JSON.parse(meta ?? '{}') as Partial<DriveFile>, media: media ?? '' };
  }

  function drive(
    method: string,
    path: string,
    query: URLSearchParams,
    call: GoogleCall,
    response: ServerResponse,
  ) {
    if (method === 'POST' && path === '/upload/drive/v3/files') {
      const parsed =
        query.get('uploadType') === 'multipart' && multipart(call.contentType, call.body);
      if (!parsed)
        return fail(response, [400, 'INVALID_ARGUMENT', 'Bad multipart upload', 'badContent']);
      const parent = parsed.metadata.parents?.[0];
      if (parent && !files.some((f) => f.id === parent))
        return fail(response, [
          404,
          'NOT_FOUND',
          `File not found: ${parent}.`,
          'notFound',
          'fileId',
        ]);
      const file: DriveFile = {
        id: `arquivo-${nextId++}`,
        name: String(parsed.metadata.name),
        mimeType: String(parsed.metadata.mimeType ?? 'application/octet-stream'),
        parents: parsed.metadata.parents ?? ['root'],
        content: parsed.media,
      };
      files.push(file);
      const { content: _content, ...metadata } = file;
      return send(response, 200, metadata);
    }
    if (method === 'GET' && path === '/drive/v3/files') {
      const q = query.get('q') ?? '';
      const parent = /'([^']+)' in parents/.exec(q)?.[1];
      const mime = /mimeType\s*=\s*'([^']+)'/.exec(q)?.[1];
      const matching = files.filter(
        (f) => (!parent || f.parents?.includes(parent)) && (!mime || f.mimeType === mime),
      );
      const size = Math.min(Number(query.get('pageSize') ?? 100), 1000);
      const start = Number(query.get('pageToken') ?? 0);
      const page = matching.slice(start, start + size).map(({ content: _c, ...f }) => f);
      return send(response, 200, {
        files: page,
        ...(start + size < matching.length ? { nextPageToken: String(start + size) } : {}),
      });
    }
    const [, fileId, sub] = /^\/drive\/v3\/files\/([^/]+)(\/permissions)?$/.exec(path) ?? [];
    const file = files.find((f) => f.id === fileId);
    if (!file)
      return fail(response, [404, 'NOT_FOUND', `File not found: ${fileId}.`, 'notFound', 'fileId']);
    if (method === 'GET' && !sub && query.get('alt') === 'media') {
      response.writeHead(200, { 'content-type': file.mimeType });
      return response.end(file.content ?? '');
    }
    if (method === 'POST' && sub) {
      const body = JSON.parse(call.body) as Record<string, unknown>;
      if (body.type === 'user' && !/^[^@\s]+@[^@\s]+$/.test(String(body.emailAddress ?? '')))
        return fail(response, [
          400,
          'INVALID_ARGUMENT',
          'Bad Request. User message: "Endereço de e-mail inválido."',
          'invalidSharingRequest',
          'emailAddress',
        ]);
      const permission = { kind: 'drive#permission', id: `perm-${nextId++}`, ...body };
      permissions.set(file.id, [...(permissions.get(file.id) ?? []), permission]);
      return send(response, 200, permission);
    }
    return fail(response, [404, 'NOT_FOUND', 'Not Found', 'notFound']);
  }

  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const call: GoogleCall = {
        method: request.method ?? 'GET',
        url: decodeURIComponent(url.pathname) + url.search,
        authorization: String(request.headers.authorization ?? ''),
        contentType: String(request.headers['content-type'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      calls.push(call);
      // Google's consent screen, the person consenting at once.
      if (url.pathname === '/o/oauth2/v2/auth') {
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', authorizationCode);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: back.toString() });
        return response.end();
      }
      // Google's token endpoint (https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code).
      if (url.pathname === '/token') {
        const form = new URLSearchParams(call.body);
        if (form.get('code') !== authorizationCode)
          return send(response, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
        return send(response, 200, {
          access_token: token,
          refresh_token: 'renovacao-google',
          expires_in: 3599,
          token_type: 'Bearer',
          scope: form.get('scope') ?? '',
        });
      }
      if (call.authorization !== `Bearer ${token}`)
        return fail(response, [
          401,
          'UNAUTHENTICATED',
          'Request had invalid authentication credentials.',
          'authError',
        ]);
      if (limited > 0) {
        limited--;
        return fail(response, [
          429,
          'RESOURCE_EXHAUSTED',
          'Quota exceeded for quota metric.',
          'rateLimitExceeded',
        ]);
      }
      if (failing.count > 0) {
        failing.count--;
        return fail(
          response,
          failing.status === 403
            ? [403, 'PERMISSION_DENIED', 'The caller does not have permission', 'forbidden']
            : [500, 'INTERNAL', 'Internal error encountered.', 'backendError'],
        );
      }
      const path = decodeURIComponent(url.pathname);
      if (path.startsWith('/v4/'))
        return sheets(call.method, path, url.searchParams, call.body, response);
      return drive(call.method, path, url.searchParams, call, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    calls,
    spreadsheets,
    files,
    permissions,
    limitNext: (count) => {
      limited = count;
    },
    failNext: (status, count) => {
      failing = { status, count };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
