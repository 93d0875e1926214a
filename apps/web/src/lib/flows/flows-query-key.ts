/** Every query about flows starts with this key: invalidating it refreshes lists and editors. */
export const flowsQueryKey = ['flows'] as const;
