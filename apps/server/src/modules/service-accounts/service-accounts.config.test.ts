import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config';

describe('key-based providers', () => {
  it('points AWS STS, Omie and Sankhya at other addresses', () => {
    expect(
      parseEnv({
        PONTE_AWS_STS_URL: 'http://127.0.0.2:9001/',
        PONTE_OMIE_URL: 'http://omie.local',
        PONTE_SANKHYA_URL: 'http://sankhya.local/gateway',
      }).serviceProviders,
    ).toEqual({
      awsStsUrl: 'http://127.0.0.2:9001',
      omieUrl: 'http://omie.local',
      sankhyaUrl: 'http://sankhya.local/gateway',
    });
    expect(() => parseEnv({ PONTE_OMIE_URL: 'app.omie.com.br' })).toThrow('PONTE_OMIE_URL');
  });
});
