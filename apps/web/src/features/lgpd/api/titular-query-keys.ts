export const titularRequestsQueryKey = ['lgpd', 'titular-requests'] as const;
