import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../ports';
import { createFakePorts, jsonResponse, textResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { googleDriveConnector } from './google-drive.connector';

// Answers as Google documents them: Drive API v3 files and permissions
// (https://developers.google.com/drive/api/reference/rest/v3), multipart uploads
// (https://developers.google.com/drive/api/guides/manage-uploads#multipart) and Drive's
// errors (https://developers.google.com/drive/api/guides/handle-errors).
const token = 'ya29.token-drive';

function google(handler: (request: HttpRequest, url: URL) => HttpResponse) {
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

const driveRefusal = (code: number, reason: string, message: string, location?: string) =>
  jsonResponse(code, {
    error: {
      code,
      message,
      errors: [
        {
          domain: 'global',
          reason,
          message,
          ...(location ? { location, locationType: 'parameter' } : {}),
        },
      ],
    },
  });

const fails = (ports: ReturnType<typeof google>, params: Record<string, unknown>) =>
  runNode(googleDriveConnector, { ports, params: { service_account: 'g', ...params } }).then(
    () => new Error('não falhou'),
    (failure: Error) => failure,
  );

describe('svc_google_drive', () => {
  it('uploads text content as multipart: metadata with the folder, then the content', async () => {
    const ports = google(() =>
      jsonResponse(200, {
        id: 'arq-1',
        name: 'vendas.csv',
        mimeType: 'text/csv',
        parents: ['pasta-9'],
      }),
    );
    const { emitted } = await runNode(googleDriveConnector, {
      ports,
      params: {
        service_account: 'g',
        operation: 'upload_file',
        name: 'vendas.csv',
        content: 'nome;total\nAna;1.234,56',
        mime_type: 'text/csv',
        folder_id: 'pasta-9',
      },
    });
    const call = ports.httpCalls[0]!;
    expect(`${call.method} ${call.url}`).toBe(
      'POST https://www.googleapis.com/upload/drive/v3/files?uploadType=multipart&fields=id%2Cname%2CmimeType%2Csize%2CmodifiedTime%2Cparents%2CwebViewLink',
    );
    expect(call.headers?.authorization).toBe(`Bearer ${token}`);
    const [, boundary] = /boundary=(.+)$/.exec(call.headers!['content-type']!)!;
    const parts = String(call.body).split(`--${boundary}`);
    expect(parts).toHaveLength(4);
    expect(parts[1]).toContain('Content-Type: application/json; charset=UTF-8');
    expect(JSON.parse(parts[1]!.split('\r\n\r\n')[1]!)).toEqual({
      name: 'vendas.csv',
      mimeType: 'text/csv',
      parents: ['pasta-9'],
    });
    expect(parts[2]).toBe('\r\nContent-Type: text/csv\r\n\r\nnome;total\nAna;1.234,56\r\n');
    expect(emitted[0]!.msg.payload).toMatchObject({ id: 'arq-1', parents: ['pasta-9'] });
  });

  it('says a parent folder it cannot find', async () => {
    const ports = google(() => driveRefusal(404, 'notFound', 'File not found: pasta-x.', 'fileId'));
    const error = await fails(ports, {
      operation: 'upload_file',
      name: 'a.txt',
      content: 'oi',
      folder_id: 'pasta-x',
    });
    expect(error.message).toBe(
      'O Google Drive recusou a chamada: o arquivo ou a pasta não foi encontrado (confira o "ID do arquivo" ou a "Pasta" e se a conta Google tem acesso) (File not found: pasta-x.).',
    );
  });

  it('downloads a text file as text and a binary one as base64', async () => {
    const ports = google((_request, url) =>
      url.pathname.endsWith('/texto')
        ? textResponse(200, 'olá, mundo', { 'content-type': 'text/plain; charset=UTF-8' })
        : {
            status: 200,
            statusText: '',
            headers: { 'content-type': 'image/png' },
            body: new Uint8Array([137, 80, 78, 71]),
          },
    );
    const text = await runNode(googleDriveConnector, {
      ports,
      params: { service_account: 'g', operation: 'download_file', file_id: 'texto' },
    });
    expect(ports.httpCalls[0]!.url).toBe(
      'https://www.googleapis.com/drive/v3/files/texto?alt=media',
    );
    expect(text.emitted[0]!.msg.payload).toEqual({
      contentType: 'text/plain; charset=UTF-8',
      size: 11,
      encoding: 'utf8',
      data: 'olá, mundo',
    });
    const image = await runNode(googleDriveConnector, {
      ports,
      params: { service_account: 'g', operation: 'download_file', file_id: 'foto' },
    });
    expect(image.emitted[0]!.msg.payload).toMatchObject({ encoding: 'base64', data: 'iVBORw==' });
  });

  it('says a Google Docs file cannot be downloaded as it is', async () => {
    const ports = google(() =>
      driveRefusal(
        403,
        'fileNotDownloadable',
        'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
        'alt',
      ),
    );
    const error = await fails(ports, { operation: 'download_file', file_id: 'doc-1' });
    expect(error.message).toMatch(
      /^O Google Drive recusou a chamada: arquivos do Google Docs, Planilhas e Apresentações não se baixam como estão: exporte-os \(/,
    );
  });

  it('lists files across three pages with the filter, the folder and without trashed ones', async () => {
    const ports = google((_request, url) => {
      const page = Number(url.searchParams.get('pageToken') ?? '1');
      return jsonResponse(200, {
        files: [{ id: `f${page}a` }, { id: `f${page}b` }],
        ...(page < 3 ? { nextPageToken: String(page + 1) } : {}),
      });
    });
    const { emitted } = await runNode(googleDriveConnector, {
      ports,
      params: {
        service_account: 'g',
        operation: 'list_files',
        query: "name contains 'nota'",
        folder_id: "pasta d'água",
        return_all: true,
      },
    });
    expect((emitted[0]!.msg.payload as { id: string }[]).map((f) => f.id)).toEqual([
      'f1a',
      'f1b',
      'f2a',
      'f2b',
      'f3a',
      'f3b',
    ]);
    const urls = ports.httpCalls.map((call) => new URL(call.url));
    expect(urls[0]!.searchParams.get('q')).toBe(
      "(name contains 'nota') and 'pasta d\\'água' in parents and trashed = false",
    );
    expect(urls.map((url) => url.searchParams.get('pageToken'))).toEqual([null, '2', '3']);
  });

  it('says an invalid filter, naming it, after waiting out a 429', async () => {
    let calls = 0;
    const ports = google(() =>
      ++calls === 1
        ? driveRefusal(429, 'rateLimitExceeded', 'Rate Limit Exceeded')
        : driveRefusal(400, 'invalid', 'Invalid Value', 'q'),
    );
    const error = await fails(ports, { operation: 'list_files', query: 'nome = x' });
    expect(calls).toBe(2);
    expect(error.message).toBe(
      'O Google Drive recusou a chamada: o campo "Filtro (q)" não é válido (Invalid Value).',
    );
  });

  it('shares a file with a person by e-mail, or with anyone with the link', async () => {
    const ports = google(() =>
      jsonResponse(200, { kind: 'drive#permission', id: 'perm-1', role: 'writer' }),
    );
    const { emitted } = await runNode(googleDriveConnector, {
      ports,
      params: {
        service_account: 'g',
        operation: 'share_file',
        file_id: 'arq-1',
        role: 'writer',
        share_with: 'user',
        email: 'ana@empresa.com.br',
        notify: false,
      },
    });
    expect(`${ports.httpCalls[0]!.method} ${ports.httpCalls[0]!.url}`).toBe(
      'POST https://www.googleapis.com/drive/v3/files/arq-1/permissions?sendNotificationEmail=false',
    );
    expect(JSON.parse(String(ports.httpCalls[0]!.body))).toEqual({
      role: 'writer',
      type: 'user',
      emailAddress: 'ana@empresa.com.br',
    });
    expect(emitted[0]!.msg.payload).toMatchObject({ id: 'perm-1' });
    await runNode(googleDriveConnector, {
      ports,
      params: {
        service_account: 'g',
        operation: 'share_file',
        file_id: 'arq-1',
        share_with: 'anyone',
      },
    });
    expect(ports.httpCalls[1]!.url).toBe(
      'https://www.googleapis.com/drive/v3/files/arq-1/permissions',
    );
    expect(JSON.parse(String(ports.httpCalls[1]!.body))).toEqual({
      role: 'reader',
      type: 'anyone',
    });
  });

  it('asks for the e-mail to share with a person, and says a refused address', async () => {
    const ports = google(() =>
      driveRefusal(
        400,
        'invalidSharingRequest',
        'Bad Request. User message: "ninguém não é um endereço válido."',
        'emailAddress',
      ),
    );
    expect((await fails(ports, { operation: 'share_file', file_id: 'arq-1' })).message).toBe(
      'Informe o "E-mail" da pessoa com quem compartilhar.',
    );
    expect(ports.httpCalls).toHaveLength(0);
    const error = await fails(ports, {
      operation: 'share_file',
      file_id: 'arq-1',
      email: 'ninguém',
    });
    expect(error.message).toMatch(
      /^O Google Drive recusou a chamada: o campo "E-mail" não é válido/,
    );
  });

  it("picks a folder from Drive's folders across three pages", async () => {
    const ports = google((_request, url) => {
      const page = Number(url.searchParams.get('pageToken') ?? '1');
      return jsonResponse(200, {
        files: [{ id: `d${page}`, name: `Pasta ${page}` }],
        ...(page < 3 ? { nextPageToken: String(page + 1) } : {}),
      });
    });
    const options = await googleDriveConnector.lookupOptions!('folders', {
      accountId: 'g',
      params: {},
      ports,
      scope: { workspaceId: 'w1', flowId: '', executionId: '' },
      signal: new AbortController().signal,
    });
    expect(options).toEqual([
      { value: 'd1', label: 'Pasta 1', description: 'd1' },
      { value: 'd2', label: 'Pasta 2', description: 'd2' },
      { value: 'd3', label: 'Pasta 3', description: 'd3' },
    ]);
    expect(new URL(ports.httpCalls[0]!.url).searchParams.get('q')).toBe(
      "mimeType='application/vnd.google-apps.folder' and trashed=false",
    );
  });
});
