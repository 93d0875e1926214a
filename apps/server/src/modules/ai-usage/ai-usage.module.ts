import { defineModule } from '../../container/server-module';
import { createAiUsageService, type AiUsageService } from './ai-usage.service';

declare module '../../container/provided' {
  interface Provided {
    /** The AI tokens of the workspace's month and of an execution (docs/adr/0101). */
    aiUsage: AiUsageService;
  }
}

/**
 * The tokens the AI nodes spent (docs/adr/0101): written by the engine's `aiUsage` port
 * (`adapters/ai-usage-port.ts`), read here for the budget setting and the execution's data.
 */
export const aiUsageModule = defineModule({
  name: 'ai-usage',
  needs: ['db', 'now'],
  provides: ['aiUsage'],
  tables: ['ai_token_usage'],
  create: ({ db, now }) => ({ aiUsage: createAiUsageService({ db, now }) }),
});
