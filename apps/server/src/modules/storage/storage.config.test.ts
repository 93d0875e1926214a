import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../config';

describe('storage', () => {
  it('reads the limits and the S3 bucket; s3 without a bucket is refused', () => {
    expect(
      parseEnv({ PONTE_STORAGE_MAX_FILE_MB: '5', PONTE_STORAGE_QUOTA_MB: '20' }).storage,
    ).toEqual({
      driver: 'local',
      maxFileBytes: 5 * 1024 * 1024,
      quotaBytes: 20 * 1024 * 1024,
      s3: null,
    });
    expect(
      parseEnv({
        PONTE_STORAGE_DRIVER: 's3',
        PONTE_S3_BUCKET: 'ponte-arquivos',
        PONTE_S3_ENDPOINT: 'http://127.0.0.1:9000/',
        PONTE_S3_ACCESS_KEY_ID: 'chave',
        PONTE_S3_SECRET_ACCESS_KEY: 'segredo',
        PONTE_S3_FORCE_PATH_STYLE: 'true',
        PONTE_S3_PREFIX: 'producao',
      }).storage.s3,
    ).toEqual({
      bucket: 'ponte-arquivos',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'chave',
      secretAccessKey: 'segredo',
      forcePathStyle: true,
      prefix: 'producao',
    });
    const noBucket = () => parseEnv({ PONTE_STORAGE_DRIVER: 's3' });
    expect(noBucket).toThrow(ConfigError);
    expect(noBucket).toThrow('PONTE_S3_BUCKET');
    expect(() => parseEnv({ PONTE_STORAGE_DRIVER: 'ftp' })).toThrow('PONTE_STORAGE_DRIVER');
    expect(() => parseEnv({ PONTE_STORAGE_MAX_FILE_MB: '0' })).toThrow('PONTE_STORAGE_MAX_FILE_MB');
  });
});
