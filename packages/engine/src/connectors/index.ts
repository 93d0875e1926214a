import type { NodeDefinition } from '../kit/define-node';
import { s3Connector } from './aws/s3.connector';
import { sesConnector } from './aws/ses.connector';
import { sqsConnector } from './aws/sqs.connector';
import { sqsPoller } from './aws/sqs.poller';
import { blingConnector } from './bling/bling.connector';
import { blingTrigger } from './bling/bling.trigger';
import { gmailConnector } from './google/gmail.connector';
import { gmailPoller } from './google/gmail.poller';
import { googleCalendarConnector } from './google/google-calendar.connector';
import { googleDriveConnector } from './google/google-drive.connector';
import { googleSheetsConnector } from './google/google-sheets.connector';
import { googleSheetsPoller } from './google/google-sheets.poller';
import { agentConnector } from './llm/agent.connector';
import { llmClassifyConnector } from './llm/llm-classify.connector';
import { llmExtractConnector } from './llm/llm-extract.connector';
import { llmConnector } from './llm/llm.connector';
import { mcpToolConnector } from './mcp/mcp-tool.connector';
import { omieConnector } from './omie/omie.connector';
import { pixConnector } from './pix/pix.connector';
import { pixTrigger } from './pix/pix.trigger';
import { sankhyaConnector } from './sankhya/sankhya.connector';
import { slackConnector } from './slack/slack.connector';
import { slackTrigger } from './slack/slack.trigger';
import { telegramConnector } from './telegram/telegram.connector';
import { telegramTrigger } from './telegram/telegram.trigger';
import { trelloConnector } from './trello/trello.connector';
import { trelloTrigger } from './trello/trello.trigger';
import { whatsappConnector } from './whatsapp/whatsapp.connector';
import { whatsappTrigger } from './whatsapp/whatsapp.trigger';

/** The service connectors (docs/adr/0090): one line per connector. */
export const serviceConnectors: NodeDefinition[] = [
  s3Connector,
  sesConnector,
  sqsConnector,
  sqsPoller,
  blingConnector,
  blingTrigger,
  gmailConnector,
  gmailPoller,
  googleCalendarConnector,
  googleSheetsConnector,
  googleSheetsPoller,
  googleDriveConnector,
  llmConnector,
  agentConnector,
  llmClassifyConnector,
  llmExtractConnector,
  mcpToolConnector,
  omieConnector,
  pixConnector,
  pixTrigger,
  sankhyaConnector,
  slackConnector,
  slackTrigger,
  telegramConnector,
  telegramTrigger,
  trelloConnector,
  trelloTrigger,
  whatsappConnector,
  whatsappTrigger,
];
