import { expect, it } from 'vitest';
import { describeEachDriver } from '../test/test-database';
import { testSecret, useTestApp } from '../test/test-app';
import { n8nSample, nodeRedSample } from '../modules/flow-import/flow-import-samples';
import { CliError } from './cli-error';
import { flowImportReport } from './flow-import-report';
import { createPonteCommands } from './ponte-commands';

describeEachDriver('ponte import --from', (driver) => {
  const t = useTestApp(driver);

  it('reports an n8n workflow on a dry run, then creates it disabled', async () => {
    const commands = createPonteCommands(t.database.db, testSecret);
    const account = await t.createAccount({ workspaceName: 'Destino n8n' });
    const api = t.request(account.token);

    const preview = await commands.importFlowsFrom('destino n8n', 'n8n', n8nSample(), true);
    const text = flowImportReport(preview.flows, preview.totals, true);
    expect(text).toContain('Flow "Pedidos do dia"');
    expect(text).toMatch(/\[Não traduzido\] CRM da Acme \(n8n-nodes-base\.acmeCrmInexistente\)/);
    expect(text).toContain('Credencial "Loja" (httpBasicAuth)');
    expect(text).toContain('Simulação (--dry-run): nada foi importado.');
    expect((await api.get('/api/v1/flows?status=all')).json().total).toBe(0);

    const done = await commands.importFlowsFrom(account.workspaceId, 'n8n', n8nSample(), false);
    expect(done.flows).toHaveLength(1);
    const flow = (await api.get(`/api/v1/flows/${done.flows[0]!._id}`)).json();
    expect(flow).toMatchObject({ name: 'Pedidos do dia', enabled: false });
    expect(flowImportReport(done.flows, done.totals, false)).toContain(
      '1 flow importado, desativados',
    );
  });

  it('refuses a file of the other tool with the message in Portuguese, creating nothing', async () => {
    const commands = createPonteCommands(t.database.db, testSecret);
    const account = await t.createAccount({ workspaceName: 'Destino errado' });
    const refused = await commands
      .importFlowsFrom('destino errado', 'n8n', nodeRedSample(), false)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CliError);
    expect((refused as CliError).message).toMatch(/n8n/);
    const listed = await t.request(account.token).get('/api/v1/flows?status=all');
    expect(listed.json().total).toBe(0);
  });
});
