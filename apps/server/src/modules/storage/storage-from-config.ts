import { join } from 'node:path';
import { ConfigError } from '../../config/config-error';
import type { S3StorageConfig, StorageConfig } from './storage.config';
import { createLocalStorageDriver } from './local-driver';
import type { StorageDriver } from './storage-driver';

/** Builds the S3 driver from its options (`createS3StorageDriver` of ./s3-driver). */
export type S3DriverFactory = (options: S3StorageConfig) => StorageDriver;

/**
 * The driver PONTE_STORAGE_DRIVER asks for: local under `${dataDir}/storage`, or S3 through
 * `createS3`. Without an S3 factory an s3 configuration is refused at start.
 */
export function storageDriverFromConfig(
  config: StorageConfig,
  dataDir: string,
  createS3?: S3DriverFactory,
): StorageDriver {
  if (config.driver === 'local') return createLocalStorageDriver(join(dataDir, 'storage'));
  if (!createS3 || !config.s3) {
    throw new ConfigError('PONTE_STORAGE_DRIVER=s3 não está disponível nesta instalação.');
  }
  return createS3(config.s3);
}

/** What BuildAppOptions.storage gets from the configuration. */
export function storageOptionsFromConfig(
  config: StorageConfig,
  dataDir: string,
  createS3?: S3DriverFactory,
) {
  return {
    driver: storageDriverFromConfig(config, dataDir, createS3),
    maxFileBytes: config.maxFileBytes,
    quotaBytes: config.quotaBytes,
  };
}
