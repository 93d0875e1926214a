import { describe, expect, it } from 'vitest';
import { validateFlow } from '@ponte/shared/flow/flow-validator';
import { flowTemplateSchema } from '@ponte/shared/flow-templates.schema';
import { createRegistry } from '@ponte/engine/kit/registry';
import { builtinNodes } from '@ponte/engine/nodes/index';
import { validateSchedule } from '@ponte/engine/nodes/triggers/schedule-trigger/schedule';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import { buildFlowTemplates, offeredTemplates } from './build-flow-templates';

const library = createRegistry(builtinNodes);
const templates = buildFlowTemplates(library.manifest);

/**
 * The only errors a template may carry: a reference the person picks after importing it (an
 * SMTP account, a form, a queue, a flow of their workspace). Anything else is a broken template.
 */
const pickedAfterImport = [
  { template: 'relatorio-diario-por-email', node: 'enviar', param: 'service_account' },
  { template: 'formulario-de-contato-para-crm', node: 'formulario', param: 'form' },
  { template: 'formulario-de-contato-para-crm', node: 'confirmar', param: 'service_account' },
  { template: 'fila-com-novas-tentativas', node: 'fila', param: 'queue' },
  { template: 'alerta-de-erro-por-email', node: 'avisar', param: 'service_account' },
  { template: 'chamar-outro-flow', node: 'chamar', param: 'flow' },
];
const referenceTypes = ['service_account', 'form', 'queue', 'flow'];

describe('flow templates', () => {
  it('ships at least 12 templates with unique ids and names, all described and tagged', () => {
    expect(templates.length).toBeGreaterThanOrEqual(12);
    expect(new Set(templates.map((t) => t._id)).size).toBe(templates.length);
    expect(new Set(templates.map((t) => t.name)).size).toBe(templates.length);
    for (const template of templates) {
      expect(flowTemplateSchema.parse(template)).toEqual(template);
      expect(template._id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(template.description.trim().length).toBeGreaterThan(40);
      expect(template.tags.length).toBeGreaterThan(0);
      for (const tag of template.tags) expect(tag).toBe(tag.toLowerCase().trim());
      expect(template.imageData).toMatch(/^data:image\/svg\+xml;base64,/);
    }
  });

  it.each(templates.map((t) => [t._id, t] as const))(
    '%s is a valid flow for the engine library',
    (id, template) => {
      // With the library's own checks: every `{{ }}` of a template parses, among others.
      const issues = validateFlow(template.data, library.manifest, {
        checkParams: library.checkParams,
      });
      const allowed = pickedAfterImport.filter((entry) => entry.template === id);
      // A node whose area does not exist yet is refused before its params are looked at.
      const unavailable = template.data.nodes
        .filter((node) => library.manifest(node.type, node.typeVersion)?.available === false)
        .map((node) => node.uid);
      const errors = issues.filter((issue) => issue.level === 'error');
      expect(issues.filter((issue) => issue.level === 'warning')).toEqual([]);
      expect(errors.filter((i) => i.code === 'unavailable_type').map((i) => i.node_uid)).toEqual(
        unavailable,
      );
      expect(
        errors.filter((i) => i.code !== 'unavailable_type').map((i) => [i.code, i.node_uid]),
      ).toEqual(
        allowed
          .filter((entry) => !unavailable.includes(entry.node))
          .map((entry) => ['required_param', entry.node]),
      );
      for (const entry of allowed) {
        const node = template.data.nodes.find((n) => n.uid === entry.node)!;
        const spec = library.manifest(node.type)!.params[entry.param]!;
        expect(referenceTypes).toContain(spec.type);
        expect(node.params[entry.param]).toBe('');
      }
    },
  );

  it('pins every node to version 1 of its type', () => {
    for (const template of templates) {
      for (const node of template.data.nodes) expect(node.typeVersion).toBe(1);
    }
  });

  it('offers only the templates whose nodes are all available, the others once they are', () => {
    const hidden = templates
      .filter((template) => !offeredTemplates(templates, library.manifest).includes(template))
      .map((template) => template._id);
    // The e-mail templates came back with SMTP accounts, the queue one with queues, the contact
    // form one with forms: every template is offered.
    expect(hidden).toEqual([]);
    const allAvailable: ManifestLookup = (type, version) => {
      const manifest = library.manifest(type, version);
      return manifest && { ...manifest, available: true };
    };
    expect(offeredTemplates(templates, allAvailable)).toEqual(templates);
  });

  it('lays every flow out left to right, with unique uids, labels and valid schedules', () => {
    for (const template of templates) {
      const { nodes, edges } = template.data;
      expect(new Set(nodes.map((n) => n.uid)).size).toBe(nodes.length);
      for (const node of nodes) expect(node.label?.trim()).toBeTruthy();
      const trigger = nodes.find((n) => library.manifest(n.type)?.category === 'trigger')!;
      expect(Math.min(...nodes.map((n) => n.position.x))).toBe(trigger.position.x);
      for (const node of nodes.filter((n) => n.type === 'core_schedule_trigger')) {
        expect(validateSchedule(node.params)).toBeNull();
      }
      expect(new Set(edges.map((e) => e.id)).size).toBe(edges.length);
    }
  });
});
