export const holidaysQueryKey = ['holidays'] as const;
