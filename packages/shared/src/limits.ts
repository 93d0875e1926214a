/** Business constants of spec 1 §9 and spec 2 §9 used by more than one package. */
export const limits = {
  defaultPageSize: 20,
  groupsPageSize: 10,
  groupsLookup: 100,
  variablesLookup: 1000,
  serviceAccountsLookup: 1000,
  serviceAccountNameMax: 120,
  groupNameMax: 50,
  groupNameDisplay: 30,
  variableNameMax: 120,
  variableKeyMax: 100,
  variableValueMax: 100_000,
  /** The workspace's own holidays (docs/adr/0121): one list, read whole by the screen and executions. */
  holidaysMax: 1000,
  holidayNameMax: 120,
  userNameMax: 120,
  workspaceNameMax: 120,
  /** 'Orçamento mensal de tokens de IA' of a workspace (docs/adr/0101): from 1.000 to 10^12. */
  aiTokenBudgetMin: 1_000,
  aiTokenBudgetMax: 1_000_000_000_000,
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  totalCap: 10_000,
  defaultNodeLimit: 50,
  flowNameMax: 120,
  flowNotesMax: 1_000_000,
  /** 'Descreva a alteração' of a version (docs/adr/0103). */
  versionMessageMax: 500,
  /** The workspace's retention of versions: the last N of each item, or those of the last N days. */
  versionKeepMax: 100_000,
  flowsPageSize: 10,
  monitoringPageSize: 20,
  completedPageSize: 10,
  flowsLookup: 1000,
  flowVariablesMax: 500,
  flowThumbnailMax: 2_000_000,
  templateGalleryPageSize: 100,
  sessionCheckMs: 60_000,
  sessionRenewWithinMs: 15 * 60_000,
  toastLifetimeMs: 5_000,
  tablesPageSize: 10,
  tablesLookup: 1000,
  tableNameMax: 120,
  tableFieldsMax: 200,
  tableFieldNameMax: 64,
  tableFieldLabelMax: 120,
  /** Former names a field answers to after renames (flows and widgets that still use them). */
  tableFieldPreviousNamesMax: 20,
  /** Longest `length` of a string or longtext field (characters). */
  tableFieldLengthMax: 1_000_000,
  recordsPageSizes: [10, 20, 50, 100],
  recordsPageSizeDefault: 20,
  recordsTextCut: 100,
  recordsMassDeleteMax: 1000,
  /** Rows of the JSON CSV export ({data, filename}); larger tables use the streamed download. */
  recordsExportJsonMax: 50_000,
  /** Rows read per page by the streamed CSV download. */
  recordsExportPage: 1000,
  /** Most records a record node's find returns. */
  recordsFindMax: 1000,
  toastResetAfterMs: 10_000,
  /** Levels of objects and arrays a JSON body or message may nest (ADR 0022). */
  jsonDepthMax: 64,
  /** A node's params, serialized as JSON (ADR 0022). */
  nodeParamsMaxBytes: 256 * 1024,
  /** A flow document (`data`), serialized as JSON: the body limit less room for the rest. */
  flowDocumentMaxBytes: 8 * 1024 * 1024,
  /** Nodes and connections of one flow document. */
  flowNodesMax: 2000,
  /** The longest wait of the Aguardar node: 30 days (ADR 0022). */
  delayMaxMs: 30 * 86_400_000,
  /** The highest 'Limite de execuções simultâneas' (a flow's rate_limit). */
  rateLimitMax: 1_000_000,
  /** The longest file name kept for an upload, in characters (longer names are cut). */
  uploadNameMax: 255,
  /** Storage (docs/adr/0030): items per page of /storage, longest path and name. */
  storagePageSize: 10,
  storagePathMax: 1024,
  /** Bytes of one name of a path (most file systems and S3 keys allow 255). */
  storageNameMaxBytes: 255,
  /** Most items a storage search answers. */
  storageSearchMax: 1000,
  /** Default size limit of one stored file (PONTE_STORAGE_MAX_FILE_MB). */
  storageFileMaxBytes: 100 * 1024 * 1024,
  /** Records a record node's search brings back: 100 unless told, at most 1000. */
  recordsQueryDefault: 100,
  recordsQueryMax: 1000,
  /** Records one update by filter of a record node may change (more is refused, unchanged). */
  recordsUpdateMax: 1000,
  /** Internal queues (docs/adr/0033): list and pending jobs pages, names, rate, messages. */
  queuesPageSize: 10,
  queuesLookup: 1000,
  queueJobsPageSize: 10,
  queueNameMax: 120,
  /** Spec 2 §9: max_per_second default 1. 0 means no limit; at most 1000 starts a second. */
  queueMaxPerSecondDefault: 1,
  queueMaxPerSecondMax: 1000,
  /** Spec 2 §9: the excerpt of a job's message, then '[...]'. */
  queueJobExcerpt: 100,
  /** The longest delay of a message: 30 days, like the Aguardar node. */
  queueDelayMaxSeconds: 30 * 86_400,
  /** A message, serialized as JSON. */
  queueMessageMaxBytes: 1024 * 1024,
  queueDedupKeyMax: 200,
  /** Completed messages kept per queue (the newest), and for how long. */
  queueCompletedKept: 1000,
  queueCompletedKeptMs: 86_400_000,
  /** Depth samples of the view page's chart: one every 30 s, the last hour shown. */
  queueDepthSampleMs: 30_000,
  queueDepthWindowMs: 3_600_000,
  /**
   * The ledger of messages kept in Redis (docs/adr/0072): checked every minute, rows younger
   * than a minute left alone (their publish may be on its way), restores shown for 7 days.
   */
  queueLedgerIntervalMs: 60_000,
  queueLedgerGraceMs: 60_000,
  queueRestoresShownMs: 7 * 86_400_000,
  queueRestoresShown: 3,
  /** Forms (spec 2 §9, docs/adr/0038): list page, list-all, names, PIN, fields, uploads. */
  formsPageSize: 10,
  formsLookup: 1000,
  formNameMax: 120,
  formPinMax: 6,
  formFieldsMax: 200,
  formFieldCodeMax: 64,
  formOptionsMax: 500,
  formLabelMax: 500,
  /** Title, message, success message and a default value, in characters. */
  formTextMax: 10_000,
  formFieldWidthMin: 1,
  formFieldWidthMax: 100,
  formFieldWidthDefault: 100,
  /** Spec 2 §9: upload max size default 10 Mb, limit 100 Mb (1 Mb = 1024 × 1024 bytes). */
  formUploadMaxSizeDefaultMb: 10,
  formUploadMaxSizeLimitMb: 100,
  /** Files one upload field with 'multiple' accepts in one submission. */
  formUploadFilesMax: 20,
  /** Spec 2 §9: records of a database table offered as options. */
  formOptionRecordsMax: 100,
  /** Rows of a table field in one submission. */
  formTableRowsMax: 500,
  /** One submission's values (without the files), serialized as JSON. */
  formValuesMaxBytes: 1024 * 1024,
  /**
   * Wrong PINs a form takes from one address without a wait; then each makes the address wait
   * 1 s, 2 s, 4 s… up to `formPinMaxDelayMs`; forgotten after `formPinForgetMs` without one.
   */
  formPinFreeAttempts: 5,
  formPinMaxDelayMs: 5 * 60_000,
  formPinForgetMs: 15 * 60_000,
  /** How long a form waiting for its flow's result waits (PONTE_FORM_RESULT_TIMEOUT_SECONDS). */
  formResultTimeoutMs: 60_000,
  /** Uploads of forms are kept this long after their day ends (PONTE_FORM_UPLOAD_RETENTION_DAYS). */
  formUploadRetentionDays: 30,
  /** Custom connectors (spec 2 §9, docs/adr/0041): list page, list-all, texts, image, params. */
  customNodesPageSize: 10,
  customNodesLookup: 1000,
  customNodeNameMax: 120,
  customNodeDescriptionMax: 2000,
  /** Spec 2 §9: the image's data URL, in characters (100Kb). */
  customNodeImageMax: 100_000,
  /** The handler's JavaScript, in characters. */
  customNodeCodeMax: 200_000,
  customNodeParamsMax: 50,
  customNodeParamNameMax: 64,
  customNodeParamOptionsMax: 200,
  customNodeParamTextMax: 10_000,
  /** Dashboards (spec 2 §9, docs/adr/0046): list page, list-all, name, widgets, grid. */
  dashboardsPageSize: 10,
  dashboardsLookup: 1000,
  dashboardNameMax: 120,
  dashboardWidgetsMax: 50,
  /** A text_html widget's HTML, in characters. */
  dashboardHtmlMax: 20_000,
  /** Spec 2 §9: 12 columns, rows of 50 px; a new widget at x 0, y 1000, w 2, minW 2, h 2. */
  dashboardGridCols: 12,
  dashboardRowHeight: 50,
  dashboardGridRowsMax: 10_000,
  dashboardWidgetHeightMax: 100,
  /** Spec 2 §9: rows of a list widget per page (default), and the most one page may ask. */
  dashboardListPerPage: 10,
  dashboardListPerPageMax: 100,
  /** Columns a database_list widget may show. */
  dashboardListColumnsMax: 30,
  /** The longest period a widget may ask (and what 'all' looks back): 1000 days. */
  dashboardPeriodMaxDays: 1000,
  /** Buckets of one histogram at most, after choosing the bucket size. */
  dashboardHistogramBucketsMax: 400,
  /** One widget's query may take this long before its result is an error (PostgreSQL only). */
  dashboardWidgetQueryTimeoutMs: 5000,
  /** Search terms of the log widgets, in characters. */
  dashboardSearchTermMax: 200,
  /** Alert rules (spec 2 §9, docs/adr/0050): list page, list-all, texts, delivery. */
  alertRulesPageSize: 10,
  alertRulesLookup: 1000,
  alertRuleNameMax: 120,
  alertMatchContentMax: 1000,
  alertJsonFieldMax: 200,
  alertEmailToMax: 1000,
  alertEmailRecipientsMax: 20,
  alertEmailMessageMax: 5000,
  alertWebhookUrlMax: 2000,
  /** Spec 2 §9: capture windows in seconds; 300 by default. */
  alertWindows: [60, 300, 600, 1800, 3600],
  alertDefaultWindow: 300,
  /** Matching lines a notification carries (the count covers all of them). */
  alertFiringLines: 10,
  /** Characters of a log message kept in a firing's lines. */
  alertLineMessageMax: 1000,
  /** The 'Testar' box reads the newest logs, this many. */
  alertTestLogs: 100,
  /** Firings the rule's page lists, newest first. */
  alertFiringsShown: 20,
  /** A webhook or an e-mail is tried this many times, with a growing wait between tries. */
  alertDeliveryAttempts: 5,
  /** One try of a delivery may take this long (connect, send, answer). */
  alertSendTimeoutMs: 20_000,
  /** A claimed delivery belongs to its process this long; then another may take it again. */
  alertClaimMs: 60_000,
  /** The wait after a delivery's first failed try; doubled after each further one. */
  alertRetryBaseMs: 30_000,
  /** Deliveries one process claims per pass. */
  alertDispatchBatch: 20,
  /** Dead-man rules: the silence or the backlog time, in minutes (up to 30 days). */
  alertMinutesMax: 43_200,
  /** Dead-man rules are evaluated this often (docs/adr/0053). */
  alertDeadManIntervalMs: 30_000,
} as const;

export const timeZone = 'America/Sao_Paulo';
export const locale = 'pt-BR';
