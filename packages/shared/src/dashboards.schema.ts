import { z } from 'zod';
import { aiTokensSchema } from './ai-tokens.schema';
import { apiDateSchema } from './api-date';
import { limits } from './limits';
import { messages } from './messages';
import { listResponseSchema, pageNumberSchema } from './pagination';
import { text } from './text';
import { versionStampSchema } from './versions.schema';

/**
 * Dashboards (spec 2 'Dashboards', §3 Dashboard, Widget and widget config, §5 'Dashboard', §7,
 * §9; docs/adr/0046): the API's shapes, the save rules and the periods, shared by the server and
 * the browser. Periods and histogram buckets live in `dashboard-periods.ts`.
 */
const m = messages.dashboards;

/**
 * Spec 2 §3, in the order the add-widget menu offers them; beyond the spec, the AI tokens of the
 * workspace (docs/adr/0101).
 */
export const widgetTypes = [
  'text_html',
  'execution_count',
  'execution_histogram',
  'execution_time',
  'log_count',
  'log_list',
  'log_histogram',
  'database_list',
  'ai_tokens',
  'ai_tokens_histogram',
] as const;
export type WidgetType = (typeof widgetTypes)[number];

export const logWidgetTypes: readonly WidgetType[] = ['log_count', 'log_list', 'log_histogram'];
export const executionWidgetTypes: readonly WidgetType[] = [
  'execution_count',
  'execution_histogram',
  'execution_time',
];
/** The widgets whose result is a histogram (a chart, bars or line). */
export const histogramWidgetTypes: readonly WidgetType[] = [
  'execution_histogram',
  'log_histogram',
  'ai_tokens_histogram',
];

/** Spec 2 §3/§9: a widget's period; `dashboard` follows the view's period (widget only). */
export const widgetPeriodTypes = [
  'all',
  'dashboard',
  'today',
  '1_day',
  '7_day',
  '15_day',
  '30_day',
  'custom',
] as const;
export type WidgetPeriodType = (typeof widgetPeriodTypes)[number];

/** Spec 2 'Dashboards': the periods the view offers; `today` is the default. */
export const viewPeriodTypes = ['today', '1_day', '7_day', '15_day', '30_day', 'custom'] as const;
export type ViewPeriodType = (typeof viewPeriodTypes)[number];

export const fontSizes = ['p', 'm', 'g'] as const;
export type FontSize = (typeof fontSizes)[number];

const shortText = (max = 200) => text().max(max);

/**
 * Spec 2 §3 widget config: one object for every type; each type reads its own fields and the
 * rest keep their defaults. Beyond the spec: `status` (execution widgets count all finished
 * executions, or only those that ended in success or in error) and `html` (text_html's content).
 * `view_type` of the histograms is `bar` (default) or `line`.
 */
export const widgetConfigSchema = z
  .object({
    periodType: z.enum(widgetPeriodTypes).default('dashboard'),
    start_date: apiDateSchema.nullish(),
    end_date: apiDateSchema.nullish(),
    flow_id: shortText().nullish(),
    label: shortText().default(''),
    show_label: z.boolean().default(true),
    show_flow_name: z.boolean().default(false),
    font_size: z.enum(fontSizes).default('m'),
    view_type: z.enum(['bar', 'line']).default('bar'),
    status: z.enum(['all', 'success', 'error']).default('all'),
    time_type: z.enum(['avg', 'min', 'max']).default('avg'),
    search_term: shortText(limits.dashboardSearchTermMax).default(''),
    search_field: z.enum(['message', 'label']).default('message'),
    show_column_message: z.boolean().default(true),
    show_column_created_at: z.boolean().default(true),
    show_log_label: z.boolean().default(true),
    show_per_page: z.number().int().min(1).max(limits.dashboardListPerPageMax).default(10),
    table_id: shortText().nullish(),
    columns: z.array(shortText()).max(limits.dashboardListColumnsMax).default([]),
    period_field: shortText().default('created_at'),
    sort_column: shortText().default('created_at'),
    sort_dir: z.enum(['asc', 'desc']).default('desc'),
    html: text().max(limits.dashboardHtmlMax).default(''),
  })
  // A custom period names both ends (`widgetConfigIssue`).
  .meta({
    allOf: [
      {
        if: { required: ['periodType'], properties: { periodType: { const: 'custom' } } },
        then: { required: ['start_date', 'end_date'] },
      },
    ],
  });
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;
export type WidgetConfigInput = z.input<typeof widgetConfigSchema>;

/** Spec 2 §3 Widget: `id` is 'widget-' plus a random string; `content` is emptied on save. */
export const widgetSchema = z.object({
  id: text().regex(/^widget-[A-Za-z0-9_-]{1,64}$/, { error: 'Identificador de widget inválido.' }),
  type: z.enum(widgetTypes),
  x: z
    .number()
    .int()
    .min(0)
    .max(limits.dashboardGridCols - 1),
  y: z.number().int().min(0).max(limits.dashboardGridRowsMax),
  w: z.number().int().min(1).max(limits.dashboardGridCols),
  h: z.number().int().min(1).max(limits.dashboardWidgetHeightMax),
  minW: z.number().int().min(1).max(limits.dashboardGridCols).default(2),
  minH: z.number().int().min(1).max(limits.dashboardWidgetHeightMax).optional(),
  config: widgetConfigSchema,
  content: z.unknown().optional(),
});
export type Widget = z.infer<typeof widgetSchema>;
export type WidgetInput = z.input<typeof widgetSchema>;

/** The rules of `widgetConfigIssue` the document of the API can say, for a saved widget. */
const widgetRules = {
  allOf: [
    {
      if: { required: ['type'], properties: { type: { enum: [...logWidgetTypes] } } },
      then: {
        properties: {
          config: { required: ['search_term'], properties: { search_term: { pattern: '\\S' } } },
        },
      },
    },
    {
      if: { required: ['type'], properties: { type: { const: 'database_list' } } },
      then: {
        properties: {
          config: { required: ['table_id'], properties: { table_id: { minLength: 1 } } },
        },
      },
    },
  ],
};

/** 'widget-' plus a random string (spec 2 §3). */
export function newWidgetId(): string {
  // Node 20 and every browser have Web Crypto; the shared package compiles without DOM types.
  const webCrypto = (globalThis as unknown as { crypto: { randomUUID(): string } }).crypto;
  return `widget-${webCrypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

/**
 * The size a new widget starts at, in grid units (12 columns, rows of 50 px). Spec 2 §9 says
 * w 2, h 2: kept for a single number and a text; a list or a chart at 2×2 shows one row or a
 * sliver of bars, so they start at the size their content needs (docs/adr/0084).
 */
export const newWidgetSizes: Record<WidgetType, { w: number; h: number }> = {
  text_html: { w: 2, h: 2 },
  execution_count: { w: 2, h: 2 },
  execution_time: { w: 2, h: 2 },
  log_count: { w: 2, h: 2 },
  execution_histogram: { w: 4, h: 4 },
  log_histogram: { w: 4, h: 4 },
  log_list: { w: 6, h: 6 },
  database_list: { w: 6, h: 6 },
  ai_tokens: { w: 3, h: 2 },
  ai_tokens_histogram: { w: 4, h: 4 },
};

/** Spec 2 §9: a new widget of a type at x 0, y 1000 (the bottom), minW 2, sized for its type. */
export function newWidget(type: WidgetType): Widget {
  const label =
    type === 'execution_count' || type === 'execution_time' || type === 'ai_tokens'
      ? m.defaultLabels[type]
      : '';
  return widgetSchema.parse({
    id: newWidgetId(),
    type,
    x: 0,
    y: 1000,
    ...newWidgetSizes[type],
    minW: 2,
    config: { label },
  });
}

/** The dashboard as the API sends it (spec 2 §3; `workspace_id`, `created_at` beyond it). */
export const dashboardSchema = z.object({
  _id: z.string(),
  name: z.string(),
  group: z.string().nullable(),
  widgets: z.array(widgetSchema),
  workspace_id: z.string(),
  /** The number of its current version (docs/adr/0103); its `ETag` too. */
  version: z.number().int().positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET /api/v1/dashboards: page, limit (10 unless told; list-all up to 1000), query, group. */
export const dashboardListQuerySchema = z.object({
  page: pageNumberSchema,
  limit: z.coerce
    .number()
    .int()
    .catch(limits.dashboardsPageSize)
    .transform((n) => Math.min(limits.dashboardsLookup, Math.max(1, n)))
    .default(limits.dashboardsPageSize),
  query: text().trim().max(200).optional(),
  /** A group id, or 'none' for dashboards without a group. */
  group: text().max(200).optional(),
});

/** A list row: the widgets stay out of the list (the view and the editor fetch the whole). */
export const dashboardListItemSchema = dashboardSchema.omit({ widgets: true }).extend({
  widget_count: z.number().int().min(0),
});
export type DashboardListItem = z.infer<typeof dashboardListItemSchema>;
export const dashboardListSchema = listResponseSchema(dashboardListItemSchema);
export type DashboardList = z.infer<typeof dashboardListSchema>;

/** What the editor saves (POST, PUT); the rules beyond the shapes are `dashboardSaveIssues`. */
const dashboardFields = {
  name: text().trim().default('').meta({ pattern: '\\S', maxLength: limits.dashboardNameMax }),
  group: text().max(200).nullish(),
  widgets: z
    .array(widgetSchema.meta(widgetRules))
    .default([])
    .meta({ maxItems: limits.dashboardWidgetsMax }),
};
export const dashboardBodySchema = z.object(dashboardFields).meta({ required: ['name'] });
export type DashboardBody = z.infer<typeof dashboardBodySchema>;
export type DashboardBodyInput = z.input<typeof dashboardBodySchema>;

/** PUT /api/v1/dashboards/{id}: the dashboard, the version it was based on, the message. */
export const dashboardUpdateSchema = z
  .object({ ...dashboardFields, ...versionStampSchema.shape })
  .meta({ required: ['name'] });
export type DashboardUpdate = z.infer<typeof dashboardUpdateSchema>;

/**
 * The exported file `{slug}.dashboard.json` (spec 2 §9): the dashboard without `_id` and group
 * (nor workspace and dates). An import reads the same shape; unknown keys are ignored.
 */
export const dashboardFileSchema = dashboardBodySchema.omit({ group: true });
export type DashboardFile = z.infer<typeof dashboardFileSchema>;

/** The first rule of a widget's settings it breaks (spec 2 §5), or null. */
export function widgetConfigIssue(type: WidgetType, config: WidgetConfig): string | null {
  if (logWidgetTypes.includes(type)) {
    if (!config.search_term.trim()) return m.searchTermRequired;
    if (!config.search_field) return m.searchFieldRequired;
    if (!config.periodType) return m.periodRequired;
  }
  if (type === 'database_list' && !config.table_id) return m.tableRequired;
  if (config.periodType === 'custom') {
    if (!config.start_date || !config.end_date) return m.customPeriodRequired;
    if (config.start_date > config.end_date) return m.periodInverted;
  }
  return null;
}

/** Every rule a save breaks, in the order the editor shows them (spec 2 §5). */
export function dashboardSaveIssues(body: DashboardBody): string[] {
  const issues: string[] = [];
  if (!body.name) issues.push(m.nameRequired);
  else if (body.name.length > limits.dashboardNameMax) issues.push(m.nameTooLong);
  if (body.widgets.length > limits.dashboardWidgetsMax) issues.push(m.tooManyWidgets);
  for (const widget of body.widgets) {
    const issue = widgetConfigIssue(widget.type, widget.config);
    if (issue && !issues.includes(issue)) issues.push(issue);
  }
  return issues;
}

/** The dashboard's own period, as the view chooses it (spec 2 'Dashboards'). */
export const viewPeriodSchema = z.object({
  periodType: z.enum(viewPeriodTypes).default('today'),
  start_date: apiDateSchema.nullish(),
  end_date: apiDateSchema.nullish(),
});
export type ViewPeriod = z.infer<typeof viewPeriodSchema>;

/** One widget of a query: its config, and the period the browser resolved for it. */
export const widgetQueryItemSchema = z.object({
  id: widgetSchema.shape.id,
  type: z.enum(widgetTypes),
  config: widgetConfigSchema,
  start_date: apiDateSchema.nullish(),
  end_date: apiDateSchema.nullish(),
});
export type WidgetQueryItem = z.infer<typeof widgetQueryItemSchema>;

/**
 * POST /api/v1/dashboards/query (spec 2 §7). `data`: the widgets (one alone when paging a list
 * widget). The dashboard's period comes from `periodType`/`start_date`/`end_date`, else from
 * `viewOptions`, else today. `widgetUserOptions` holds each list widget's page. A widget's own
 * `start_date`/`end_date` are used when both are sent; otherwise the server resolves its period
 * from its config with `resolveWidgetPeriod`.
 */
export const dashboardQueryBodySchema = z.object({
  id: text().max(200).optional(),
  data: z.array(widgetQueryItemSchema).max(limits.dashboardWidgetsMax),
  periodType: z.enum(viewPeriodTypes).optional(),
  start_date: apiDateSchema.nullish(),
  end_date: apiDateSchema.nullish(),
  viewOptions: viewPeriodSchema.partial().optional(),
  widgetUserOptions: z
    .record(z.string(), z.object({ page: z.number().int().min(1).default(1) }))
    .optional(),
});
export type DashboardQueryBody = z.infer<typeof dashboardQueryBodySchema>;
export type DashboardQueryBodyInput = z.input<typeof dashboardQueryBodySchema>;

/** Histogram bucket sizes (see `histogramInterval`). */
export const histogramIntervals = ['minute', 'hour', 'day', 'month'] as const;
export type HistogramInterval = (typeof histogramIntervals)[number];

/** Spec 2 §3 results. `kind` (beyond the spec) tells them apart. */
export const valueResultSchema = z.object({
  kind: z.literal('value'),
  /** null when nothing was counted or measured (an average of no executions). */
  value: z.number().nullable(),
  /** execution_time only: the value is in milliseconds. */
  unit: z.literal('ms').optional(),
  /** ai_tokens only: the value is `entrada + saida`, these are its parts. */
  tokens: aiTokensSchema.optional(),
});
export const timeseriesResultSchema = z.object({
  kind: z.literal('timeseries'),
  interval: z.enum(histogramIntervals),
  /** Every bucket of the period in order, empty ones with 0; `key` is its start in epoch ms. */
  timeseries: z.array(z.object({ key: z.number(), doc_count: z.number().int().min(0) })),
});
export const listColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** How the browser formats it: a date (ISO string), a number, a yes/no, or text. */
  type: z.enum(['date', 'number', 'boolean', 'text']),
});
export type ListColumn = z.infer<typeof listColumnSchema>;
export const listResultSchema = z.object({
  kind: z.literal('list'),
  items: z.array(z.record(z.string(), z.unknown())),
  page: z.number().int().min(1),
  show_per_page: z.number().int().min(1),
  total: z.number().int().min(0),
  total_pages: z.number().int().min(1),
  columns: z.array(listColumnSchema),
});
/** text_html needs no data: its HTML is in its config. */
export const noneResultSchema = z.object({ kind: z.literal('none') });
/** One widget failed (a removed table, a timeout): the others still answer. */
export const errorResultSchema = z.object({ kind: z.literal('error'), error: z.string() });

export const widgetResultSchema = z.discriminatedUnion('kind', [
  valueResultSchema,
  timeseriesResultSchema,
  listResultSchema,
  noneResultSchema,
  errorResultSchema,
]);
export type WidgetResult = z.infer<typeof widgetResultSchema>;
export type ValueResult = z.infer<typeof valueResultSchema>;
export type TimeseriesResult = z.infer<typeof timeseriesResultSchema>;
export type ListResult = z.infer<typeof listResultSchema>;

/** The answer of POST /api/v1/dashboards/query: results keyed by widget id. */
export const dashboardQueryResultSchema = z.record(z.string(), widgetResultSchema);
export type DashboardQueryResult = z.infer<typeof dashboardQueryResultSchema>;
