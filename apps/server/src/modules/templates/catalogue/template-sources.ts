import { callSubflowTemplate } from './call-subflow';
import { cepLookupTemplate } from './cep-lookup';
import { codeAndLogTemplate } from './code-and-log';
import { contactFormCrmTemplate } from './contact-form-crm';
import { dailyReportEmailTemplate } from './daily-report-email';
import { errorAlertEmailTemplate } from './error-alert-email';
import { errorAlertWebhookTemplate } from './error-alert-webhook';
import { exchangeRatesTemplate } from './exchange-rates';
import { normaliseContactSubflowTemplate } from './normalise-contact-subflow';
import { orderStatusRoutingTemplate } from './order-status-routing';
import { processListItemsTemplate } from './process-list-items';
import { queueRetryTemplate } from './queue-retry';
import { statusPollingTemplate } from './status-polling';
import { syncApisTemplate } from './sync-apis';
import { uptimeMonitorTemplate } from './uptime-monitor';
import { webhookValidateRespondTemplate } from './webhook-validate-respond';
import type { TemplateSource } from './template-source';

/** Every template the server ships; a new one is a new file here (see the module README). */
export const templateSources: TemplateSource[] = [
  codeAndLogTemplate,
  cepLookupTemplate,
  webhookValidateRespondTemplate,
  orderStatusRoutingTemplate,
  dailyReportEmailTemplate,
  contactFormCrmTemplate,
  queueRetryTemplate,
  statusPollingTemplate,
  processListItemsTemplate,
  syncApisTemplate,
  exchangeRatesTemplate,
  uptimeMonitorTemplate,
  errorAlertWebhookTemplate,
  errorAlertEmailTemplate,
  callSubflowTemplate,
  normaliseContactSubflowTemplate,
];
