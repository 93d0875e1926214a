import { z } from 'zod';
import { flowDocumentSchema } from './flow/flow-document.schema';
import { flowVariableSchema } from './flows.schema';
import { limits } from './limits';
import { pageQuerySchema } from './pagination';
import { text } from './text';

/** An image as a data URL (`data:image/svg+xml;base64,…`): templates never point elsewhere. */
export const imageDataUrlSchema = z.string().regex(/^data:image\/[a-z0-9.+-]+[;,]/);

/** Spec 1 §3 Flow template; `variables` are appended to the flow's own when it is imported. */
export const flowTemplateSchema = z.object({
  _id: z.string().min(1),
  name: z.string().min(1).max(limits.flowNameMax),
  description: z.string().min(1),
  tags: z.array(z.string().min(1)),
  imageData: imageDataUrlSchema,
  data: flowDocumentSchema,
  variables: z.array(flowVariableSchema),
});
export type FlowTemplate = z.infer<typeof flowTemplateSchema>;

/** An entry of GET /account/v1/flow-templates: the template without its graph. */
export const flowTemplateListItemSchema = flowTemplateSchema.omit({ data: true });
export type FlowTemplateListItem = z.infer<typeof flowTemplateListItemSchema>;

/** Spec 1 §7: "the response is a list" (no total). */
export const flowTemplateListSchema = z.array(flowTemplateListItemSchema);
export type FlowTemplateList = z.infer<typeof flowTemplateListSchema>;

/**
 * GET /account/v1/flow-templates: `query` searches name, description and tags ignoring case
 * and accents; `tag` keeps the templates holding that tag. 100 per page (spec 1 §9).
 */
export const flowTemplateListQuerySchema = pageQuerySchema(
  limits.templateGalleryPageSize,
  limits.templateGalleryPageSize,
).extend({ tag: text().trim().max(100).optional() });
export type FlowTemplateListQuery = z.output<typeof flowTemplateListQuerySchema>;

/** Spec 1 §3 Tag entry. */
export const flowTemplateTagSchema = z.object({ tag: z.string(), count: z.number().int().min(0) });
export type FlowTemplateTag = z.infer<typeof flowTemplateTagSchema>;

export const flowTemplateTagListSchema = z.array(flowTemplateTagSchema);
