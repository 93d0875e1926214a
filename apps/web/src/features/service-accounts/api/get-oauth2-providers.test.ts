import { describe, expect, it } from 'vitest';
import { unavailableProviders } from './get-oauth2-providers';

describe('unavailableProviders', () => {
  it('reads the server list, keeping its reason', () => {
    expect(
      unavailableProviders({
        providers: [
          { type: 'trello_oauth2', configured: false, reason: 'Sem chave do Trello.' },
          { type: 'slack_oauth2', configured: true, reason: null },
          { type: 'google_oauth2', configured: false, reason: null },
        ],
      }),
    ).toEqual({
      trello_oauth2: 'Sem chave do Trello.',
      google_oauth2: 'Disponível quando o administrador configurar o cliente OAuth do Google.',
    });
  });

  it('reads flags by type, with or without the _oauth2 suffix', () => {
    expect(unavailableProviders({ slack: false, google_oauth2: true })).toEqual({
      slack_oauth2: 'Disponível quando o administrador configurar o cliente OAuth do Slack.',
    });
  });

  it('offers a provider the answer does not mention', () => {
    expect(unavailableProviders({ items: [] })).toEqual({});
  });
});
