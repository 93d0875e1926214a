export const apiTokensQueryKey = ['api-tokens'] as const;
