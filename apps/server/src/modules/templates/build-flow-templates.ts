import { flowDocumentVersion, type FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import type { FlowTemplate } from '@ponte/shared/flow-templates.schema';
import type { TemplateSource } from './catalogue/template-source';
import { templateSources } from './catalogue/template-sources';
import { templateImageDataUrl } from './template-image';

/** The served templates: each source with its flow document and its image, drawn from the graph. */
export function buildFlowTemplates(
  lookup: ManifestLookup,
  sources: TemplateSource[] = templateSources,
): FlowTemplate[] {
  const categoryOf = (type: string) => lookup(type)?.category;
  return sources.map((source) => {
    const data: FlowDocument = {
      version: flowDocumentVersion,
      nodes: source.nodes,
      edges: source.edges,
    };
    return {
      _id: source._id,
      name: source.name,
      description: source.description,
      tags: source.tags,
      imageData: templateImageDataUrl(source.imageTitle ?? source.name, data, categoryOf),
      data,
      variables: source.variables,
    };
  });
}

/**
 * What the gallery offers: the templates whose every node can be used in this installation. A
 * template needing an area that does not exist yet (node-availability.ts) comes back by itself
 * once its nodes are available.
 */
export function offeredTemplates(
  templates: FlowTemplate[],
  lookup: ManifestLookup,
): FlowTemplate[] {
  return templates.filter((template) =>
    template.data.nodes.every((node) => lookup(node.type, node.typeVersion)?.available !== false),
  );
}
