import { describe, expect, it } from 'vitest';
import { mcpToolNames, toolSlug } from './mcp-tool-names';

describe('MCP tool names', () => {
  it('are the flow names without accents or spaces, a later flow of the same name numbered', () => {
    expect(toolSlug('Consultar CEP — versão 2')).toBe('consultar_cep_versao_2');
    expect(toolSlug('***')).toBe('flow');
    const names = mcpToolNames([
      { id: 'a', name: 'Emitir nota' },
      { id: 'b', name: 'emitir  NOTA' },
      { id: 'c', name: 'Emitir nota 2' },
      { id: 'd', name: 'Emitir nota' },
    ]);
    expect([...names.values()]).toEqual([
      'emitir_nota',
      'emitir_nota_2',
      'emitir_nota_2_2',
      'emitir_nota_3',
    ]);
  });
});
