/** Every query about the template gallery starts with this key. */
export const flowTemplatesQueryKey = ['flow-templates'] as const;
