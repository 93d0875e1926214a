import type {
  FlowTemplate,
  FlowTemplateListItem,
  FlowTemplateListQuery,
  FlowTemplateTag,
} from '@ponte/shared/flow-templates.schema';
import { messages } from '@ponte/shared/messages';
import { foldForSearch } from '@ponte/shared/search-text';
import { notFound } from '../../lib/app-error';

/** Lowercase without accents: 'Formulários' and 'formularios' are the same word. */
export const fold = foldForSearch;

/** What the search compares: folded, without punctuation ('e-mail' and 'email' match). */
const searchable = (text: string) => fold(text).replace(/[^\p{L}\p{N}\s]/gu, '');

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

function listItem({ data: _data, ...item }: FlowTemplate): FlowTemplateListItem {
  return item;
}

export type FlowTemplatesService = ReturnType<typeof createFlowTemplatesService>;

/** The template gallery: a fixed catalogue held in memory, searched and paged on every call. */
export function createFlowTemplatesService(templates: FlowTemplate[]) {
  const sorted = [...templates].sort((a, b) => collator.compare(a.name, b.name));
  const byId = new Map(sorted.map((template) => [template._id, template]));
  const searchText = new Map(
    sorted.map((template) => [
      template._id,
      searchable([template.name, template.description, ...template.tags].join(' ')),
    ]),
  );

  return {
    /**
     * Sorted by name; every word of `query` must appear in the name, description or tags,
     * ignoring case, accents and punctuation.
     */
    list({ page, limit, query, tag }: FlowTemplateListQuery): FlowTemplateListItem[] {
      const terms = searchable(query ?? '')
        .split(/\s+/)
        .filter(Boolean);
      const wantedTag = tag ? fold(tag) : '';
      const matches = sorted.filter(
        (template) =>
          (!wantedTag || template.tags.some((candidate) => fold(candidate) === wantedTag)) &&
          terms.every((term) => searchText.get(template._id)!.includes(term)),
      );
      return matches.slice((page - 1) * limit, page * limit).map(listItem);
    },

    /** Every tag with the number of templates holding it, sorted by tag. */
    tags(): FlowTemplateTag[] {
      const counts = new Map<string, number>();
      for (const template of sorted) {
        for (const tag of new Set(template.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      }
      return [...counts]
        .map(([tag, count]) => ({ tag, count }))
        .sort((a, b) => collator.compare(a.tag, b.tag));
    },

    get(id: string): FlowTemplate {
      const template = byId.get(id);
      if (!template) throw notFound(messages.templates.notFound);
      return template;
    },
  };
}
