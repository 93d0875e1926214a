/** The monitoring pages' addresses live in the shared package: e-mails of alerts link there too. */
export {
  completedExecutionsUrl,
  logsPageUrl,
  toSaoPauloOffsetDateTime,
  type LogsPageFilters,
} from '@ponte/shared/monitoring-links';
