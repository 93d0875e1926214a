import { describe, expect, it } from 'vitest';
import { nodeLibrarySchema } from '@ponte/shared/flow/node-manifest.schema';
import { useTestApp } from '../../test/test-app';

/**
 * The web's tests read the connector manifests from a copy of GET /engine/library (the web may
 * not import the engine). This keeps the copy equal to what the server really serves: after a
 * change to a built-in connector, run this test with `-u` to refresh it.
 */
describe('node library copy for the web tests', () => {
  const t = useTestApp('embedded');

  it('is what GET /engine/library serves', async () => {
    const account = await t.createAccount();
    const res = await t.request(account.token).get('/engine/library');
    expect(res.statusCode, res.body).toBe(200);
    const library = nodeLibrarySchema.parse(res.json());
    await expect(`${JSON.stringify(library, null, 2)}\n`).toMatchFileSnapshot(
      '../../../../web/src/test/engine-library.generated.json',
    );
  });
});
