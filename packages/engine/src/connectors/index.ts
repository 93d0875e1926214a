import type { NodeDefinition } from '../kit/define-node';
import { omieConnector } from './omie/omie.connector';
import { sankhyaConnector } from './sankhya/sankhya.connector';
import { telegramConnector } from './telegram/telegram.connector';

/** The service connectors (docs/adr/0090): one line per connector. */
export const serviceConnectors: NodeDefinition[] = [
  telegramConnector,
  omieConnector,
  sankhyaConnector,
];
