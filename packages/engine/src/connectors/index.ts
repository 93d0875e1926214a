import type { NodeDefinition } from '../kit/define-node';
import { blingConnector } from './bling/bling.connector';
import { telegramConnector } from './telegram/telegram.connector';
import { whatsappConnector } from './whatsapp/whatsapp.connector';
import { whatsappTrigger } from './whatsapp/whatsapp.trigger';

/** The service connectors (docs/adr/0090): one line per connector. */
export const serviceConnectors: NodeDefinition[] = [
  blingConnector,
  telegramConnector,
  whatsappConnector,
  whatsappTrigger,
];
