export const variablesQueryKey = ['variables'] as const;
