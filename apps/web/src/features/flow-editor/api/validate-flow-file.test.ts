import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/mock-fetch';
import { validateFlowFile } from './validate-flow-file';

describe('validateFlowFile', () => {
  it('sends the file to the engine validator and returns its verdict', async () => {
    const issue = { level: 'error', code: 'schema', message: 'Estrutura inválida.' } as const;
    const api = mockFetch([
      {
        method: 'POST',
        path: '/engine/schema-validator/flow-data',
        reply: { body: { isValid: false, errors: [issue] } },
      },
    ]);
    const file = { data: { version: 1, nodes: 'x' } };
    await expect(validateFlowFile(file)).resolves.toEqual({ isValid: false, errors: [issue] });
    expect(api.callsTo('POST', '/engine/schema-validator/flow-data')[0]?.body).toEqual(file);
  });
});
