import { describe, expect, it } from 'vitest';
import { createFakePorts } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { ftpNode } from './ftp.node.ts';

const bytes = (text: string) => new Uint8Array(Buffer.from(text));

describe('core_ftp', () => {
  it('lists a folder with name, size, type and date', async () => {
    const ports = createFakePorts();
    ports.ftpFiles.srv = { '/in/': bytes(''), '/in/a.csv': bytes('1;2'), '/in/sub/': bytes('') };
    const { emitted } = await runNode(ftpNode, {
      ports,
      input: { payload: null, outro: 1 },
      params: { service_account: 'srv', path: '/in' },
    });
    expect(emitted[0]?.msg).toEqual({
      payload: [
        { name: 'a.csv', size: 3, type: 'file', modified: null },
        { name: 'sub', size: 0, type: 'directory', modified: null },
      ],
      outro: 1,
      ftp: { operation: 'list', path: '/in' },
    });
  });

  it('uploads text, base64 or a file part, and downloads a file as base64', async () => {
    const ports = createFakePorts();
    ports.ftpFiles.srv = {};
    const upload = (path: string, content: unknown, encoding = 'text') =>
      runNode(ftpNode, {
        ports,
        params: { service_account: 'srv', operation: 'upload', path, content, encoding },
      });
    const sent = await upload('/a.txt', 'olá');
    expect(sent.emitted[0]?.msg.ftp).toEqual({ operation: 'upload', path: '/a.txt', size: 4 });
    await upload('/b.bin', Buffer.from([0, 1, 2]).toString('base64'), 'base64');
    await upload('/c.txt', { filename: 'c.txt', content: Buffer.from('parte').toString('base64') });
    expect(Buffer.from(ports.ftpFiles.srv['/a.txt']!).toString()).toBe('olá');
    expect([...ports.ftpFiles.srv['/b.bin']!]).toEqual([0, 1, 2]);
    expect(Buffer.from(ports.ftpFiles.srv['/c.txt']!).toString()).toBe('parte');

    const { emitted } = await runNode(ftpNode, {
      ports,
      params: { service_account: 'srv', operation: 'download', path: '/a.txt' },
    });
    expect(emitted[0]?.msg.payload).toEqual({
      filename: 'a.txt',
      size: 4,
      content: Buffer.from('olá').toString('base64'),
    });
    await expect(upload('/d.bin', 'não é base64!', 'base64')).rejects.toThrow(
      'O conteúdo não é um texto em base64 válido.',
    );
    await expect(upload('/e.txt', undefined)).rejects.toThrow(
      'Informe o conteúdo do arquivo a enviar.',
    );
  });

  it('removes a file and refuses a path with a line break before calling the server', async () => {
    const ports = createFakePorts();
    ports.ftpFiles.srv = { '/velho.txt': bytes('x') };
    await runNode(ftpNode, {
      ports,
      params: { service_account: 'srv', operation: 'delete', path: '/velho.txt' },
    });
    expect(ports.ftpFiles.srv).toEqual({});
    await expect(
      runNode(ftpNode, {
        ports,
        params: { service_account: 'srv', operation: 'delete', path: '/a.txt\r\nDELE /b' },
      }),
    ).rejects.toThrow(
      'O caminho no servidor FTP não pode ter quebras de linha nem caracteres de controle.',
    );
    expect(ports.ftpCalls).toHaveLength(1);
  });

  it('asks the port for at most 10 MB and refuses a larger answer', async () => {
    const ports = createFakePorts();
    ports.ftpFiles.srv = { '/grande.bin': new Uint8Array(10 * 1024 * 1024 + 1) };
    await expect(
      runNode(ftpNode, {
        ports,
        params: { service_account: 'srv', operation: 'download', path: '/grande.bin' },
      }),
    ).rejects.toThrow('O arquivo é grande demais.');
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    ports.ftp.download = async (_scope, target) => {
      expect(target.maxBytes).toBe(10 * 1024 * 1024);
      return big;
    };
    await expect(
      runNode(ftpNode, {
        ports,
        params: { service_account: 'srv', operation: 'download', path: '/grande.bin' },
      }),
    ).rejects.toThrow('O arquivo tem mais de 10 MB, o máximo que o nó FTP baixa.');
  });
});
