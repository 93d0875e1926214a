import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import {
  buildFlowFile,
  downloadJson,
  flowFileName,
  invalidJsonMessage,
  readFlowFile,
  readText,
} from './flow-file';

const data: FlowDocument = {
  version: 1,
  nodes: [
    { uid: 'a', type: 'core_manual_trigger', typeVersion: 1, params: {}, position: { x: 0, y: 0 } },
    {
      uid: 'b',
      type: 'core_log',
      typeVersion: 1,
      params: { message: 'olá' },
      position: { x: 300, y: 0 },
    },
  ],
  edges: [{ id: 'a:default->b', source: 'a', sourceOutput: 'default', target: 'b' }],
};

const asFile = (text: string) => new File([text], 'fluxo.json', { type: 'application/json' });

describe('flow file', () => {
  it('names the file after the flow, as a slug', () => {
    expect(flowFileName('Relatório Diário: Vendas!')).toBe('relatorio-diario-vendas.json');
    expect(flowFileName('Preços & Ações')).toBe('precos-e-acoes.json');
    expect(flowFileName('!!!')).toBe('flow.json');
    expect(flowFileName('')).toBe('flow.json');
  });

  it('exports the flow and reads it back', async () => {
    const variables = [{ key: 'TOKEN', value: 'abc' }];
    const file = buildFlowFile({ name: 'Vendas', data, variables });
    expect(file).toMatchObject({ ponte: 1, name: 'Vendas', data, variables });
    expect(Number.isNaN(Date.parse(file.exported_at))).toBe(false);

    const read = await readFlowFile(asFile(JSON.stringify(file)));
    expect(read).toEqual({ data, variables });
  });

  it('keeps notes and options in the export when given', () => {
    const file = buildFlowFile({
      name: 'Vendas',
      data,
      variables: [],
      description: '<p>Notas</p>',
      config: { rate_limit: 3 },
    });
    expect(file.description).toBe('<p>Notas</p>');
    expect(file.config).toEqual({ rate_limit: 3 });
  });

  it('accepts a bare flow document', async () => {
    expect(await readFlowFile(asFile(JSON.stringify(data)))).toEqual({ data, variables: [] });
  });

  it('leaves out variables that are not key and value strings', async () => {
    const text = JSON.stringify({
      data,
      variables: [{ key: 'A', value: '1' }, { key: '', value: 'x' }, { key: 'B', value: 2 }, null],
    });
    expect((await readFlowFile(asFile(text))).variables).toEqual([{ key: 'A', value: '1' }]);
  });

  it('refuses a file that is not JSON, with a message for people', async () => {
    await expect(readFlowFile(asFile('{ "nodes": [ '))).rejects.toThrow(invalidJsonMessage);
    expect(invalidJsonMessage).toBe('O arquivo não é um JSON válido.');
  });

  it('downloads through a temporary link and releases the URL', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:fluxo');
    const revokeObjectURL = vi.fn();
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => void Object.assign(URL, original));
    const clicked: { download: string; href: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ download: this.download, href: this.href, attached: this.isConnected });
    });

    downloadJson('vendas.json', { ponte: 1 });

    expect(clicked).toEqual([{ download: 'vendas.json', href: 'blob:fluxo', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    const blob = createObjectURL.mock.calls[0]![0];
    expect(JSON.parse(await readText(blob))).toEqual({ ponte: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:fluxo');
  });
});
