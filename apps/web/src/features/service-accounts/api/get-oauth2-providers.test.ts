import { describe, expect, it } from 'vitest';
import { unavailableProviders } from './get-oauth2-providers';

describe('unavailableProviders', () => {
  it("keeps the server's reason of each provider it cannot offer", () => {
    expect(
      unavailableProviders({
        providers: [
          { type: 'trello_oauth2', configured: false, reason: 'Defina a chave do Trello.' },
          { type: 'slack_oauth2', configured: true, reason: null },
          { type: 'google_oauth2', configured: false, reason: 'Defina o cliente do Google.' },
        ],
      }),
    ).toEqual({
      trello_oauth2: 'Defina a chave do Trello.',
      google_oauth2: 'Defina o cliente do Google.',
    });
  });
});
