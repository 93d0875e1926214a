import type { NodeDefinition } from '../kit/define-node';
import { s3Connector } from './aws/s3.connector';
import { sesConnector } from './aws/ses.connector';
import { sqsConnector } from './aws/sqs.connector';
import { telegramConnector } from './telegram/telegram.connector';

/** The service connectors (docs/adr/0090): one line per connector. */
export const serviceConnectors: NodeDefinition[] = [
  telegramConnector,
  s3Connector,
  sesConnector,
  sqsConnector,
];
