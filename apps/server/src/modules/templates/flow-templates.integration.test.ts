import { beforeAll, describe, expect, it } from 'vitest';
import {
  flowTemplateListSchema,
  flowTemplateSchema,
  flowTemplateTagListSchema,
  type FlowTemplateList,
} from '@ponte/shared/flow-templates.schema';
import { messages } from '@ponte/shared/messages';
import { useTestApp, type Requester } from '../../test/test-app';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

// The catalogue is static data: one database driver is enough to test the routes.
describe('flow templates routes', () => {
  const t = useTestApp('embedded');
  let api: Requester;
  let all: FlowTemplateList;

  beforeAll(async () => {
    api = t.request((await t.createAccount()).token);
    all = flowTemplateListSchema.parse((await api.get('/account/v1/flow-templates')).json());
  });

  const list = async (search: string) => {
    const res = await api.get(`/account/v1/flow-templates?${search}`);
    expect(res.statusCode).toBe(200);
    return flowTemplateListSchema.parse(res.json());
  };
  const names = (items: FlowTemplateList) => items.map((item) => item.name);

  it('answers 401 without a session', async () => {
    const anonymous = t.request(null);
    for (const url of [
      '/account/v1/flow-templates',
      '/account/v1/flow-templates/tags',
      '/account/v1/flow-template/consulta-de-cep',
    ]) {
      const res = await anonymous.get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(messages.generic.unauthorized);
    }
  });

  it('lists every template as a plain list sorted by name, without the flow document', async () => {
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(all.length).toBe(16);
    expect(names(all)).toEqual([...names(all)].sort(collator.compare));
    for (const item of all) {
      expect(item).not.toHaveProperty('data');
      expect(item.imageData).toMatch(/^data:image\/svg\+xml;base64,/);
    }
  });

  it('pages the list, clamping the limit to 1..100', async () => {
    expect(await list('page=2&limit=5')).toEqual(all.slice(5, 10));
    expect(await list('limit=0')).toEqual(all.slice(0, 1));
    expect(await list('limit=1000')).toEqual(all);
    expect(await list('page=99&limit=100')).toEqual([]);
    expect(await list('page=abc')).toEqual(all);
  });

  it('searches name, description and tags ignoring case and accents', async () => {
    expect(names(await list('query=COTACAO'))).toEqual(['Cotação do dólar e do euro']);
    expect(names(await list('query=viacep'))).toEqual(['Consulta de CEP (ViaCEP)']);
    // Every word must match, in any field: 'alertas' is a tag, 'teams' is in the name.
    expect(names(await list(`query=${encodeURIComponent('Teams alertas')}`))).toEqual([
      'Alerta de erro no Slack ou no Teams',
    ]);
    expect(await list('query=nada-parecido-com-isto')).toEqual([]);
  });

  it('serves the tags with their counts, sorted, and filters the list by tag', async () => {
    const res = await api.get('/account/v1/flow-templates/tags');
    expect(res.statusCode).toBe(200);
    const tags = flowTemplateTagListSchema.parse(res.json());
    expect(tags.map((entry) => entry.tag)).toEqual(
      [...new Set(all.flatMap((item) => item.tags))].sort(collator.compare),
    );
    for (const { tag, count } of tags) {
      const tagged = await list(`tag=${encodeURIComponent(tag)}`);
      expect(tagged.length).toBe(count);
      expect(tagged.every((item) => item.tags.includes(tag))).toBe(true);
    }
    const alerts = await list('tag=alertas');
    expect(alerts.length).toBeGreaterThan(1);
    expect(await list('tag=codigo')).toEqual(await list(`tag=${encodeURIComponent('código')}`));
    expect((await list('tag=codigo')).length).toBe(2);
    expect(names(await list('tag=alertas&query=teams'))).toEqual([
      'Alerta de erro no Slack ou no Teams',
    ]);
  });

  it('serves one template with its flow document, its nodes pinned to a version, and variables', async () => {
    const res = await api.get('/account/v1/flow-template/monitor-de-disponibilidade');
    expect(res.statusCode).toBe(200);
    const template = flowTemplateSchema.parse(res.json());
    const { data, ...item } = template;
    expect(all).toContainEqual(item);
    expect(data.nodes.map((node) => `${node.type}@${node.typeVersion}`)).toEqual([
      'core_schedule_trigger@1',
      'core_http_request@1',
      'core_log@1',
      'core_http_request@1',
    ]);
    expect(res.json().data.nodes.every((node: object) => 'typeVersion' in node)).toBe(true);
    expect(template.variables.map((variable) => variable.key)).toEqual([
      'SITE_URL',
      'ALERTA_WEBHOOK_URL',
    ]);
  });

  it('offers the e-mail, queue and form templates now that their areas exist', async () => {
    const tags = flowTemplateTagListSchema.parse(
      (await api.get('/account/v1/flow-templates/tags')).json(),
    );
    expect(tags.find((entry) => entry.tag === 'filas')?.count).toBe(1);
    expect(tags.find((entry) => entry.tag === 'formulários')?.count).toBe(1);
    expect(tags.find((entry) => entry.tag === 'e-mail')?.count).toBe(3);
    expect(tags.find((entry) => entry.tag === 'alertas')?.count).toBe(3);
    for (const id of [
      'alerta-de-erro-por-email',
      'relatorio-diario-por-email',
      'fila-com-novas-tentativas',
      'formulario-de-contato-para-crm',
    ]) {
      expect(all.map((item) => item._id)).toContain(id);
      expect((await api.get(`/account/v1/flow-template/${id}`)).statusCode).toBe(200);
    }
  });

  it('documents the three routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    for (const path of [
      '/account/v1/flow-templates',
      '/account/v1/flow-templates/tags',
      '/account/v1/flow-template/{id}',
    ]) {
      expect(doc.paths[path]?.get?.summary, path).toBeTruthy();
    }
  });

  it('answers 404 with the pt-BR message for an unknown id', async () => {
    const res = await api.get('/account/v1/flow-template/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message: 'Template não encontrado.' });
  });
});
