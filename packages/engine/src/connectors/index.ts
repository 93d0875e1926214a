import type { NodeDefinition } from '../kit/define-node';
import { blingConnector } from './bling/bling.connector';
import { telegramConnector } from './telegram/telegram.connector';

/** The service connectors (docs/adr/0090): one line per connector. */
export const serviceConnectors: NodeDefinition[] = [telegramConnector, blingConnector];
