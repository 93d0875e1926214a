import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../../config';

describe('OAuth2 providers', () => {
  it('points the providers at other addresses and takes a client only whole', () => {
    const parsed = parseEnv({
      PONTE_OAUTH_BLING_URL: 'http://127.0.0.2:9000/',
      PONTE_OAUTH_SLACK_URL: 'http://slack.local',
      PONTE_OAUTH_SLACK_CLIENT_ID: 'slack-id',
      PONTE_OAUTH_SLACK_CLIENT_SECRET: 'slack-secret',
      PONTE_OAUTH_TRELLO_API_KEY: 'trello-key',
    }).oauthProviders;
    expect(parsed.blingUrl).toBe('http://127.0.0.2:9000');
    expect(parsed.slack).toEqual({
      url: 'http://slack.local',
      client: { clientId: 'slack-id', clientSecret: 'slack-secret' },
    });
    expect(parsed.google.client).toBeNull();
    expect(parsed.trello.apiKey).toBe('trello-key');

    const half = () => parseEnv({ PONTE_OAUTH_GOOGLE_CLIENT_ID: 'google-id' });
    expect(half).toThrow(ConfigError);
    expect(half).toThrow('PONTE_OAUTH_GOOGLE_CLIENT_SECRET');
    const bad = () => parseEnv({ PONTE_OAUTH_SLACK_URL: 'slack.com' });
    expect(bad).toThrow('PONTE_OAUTH_SLACK_URL');
  });
});
