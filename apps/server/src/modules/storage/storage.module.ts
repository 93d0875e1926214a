import { storageConfig } from './storage.config';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineModule } from '../../container/server-module';
import { createLocalStorageDriver } from './local-driver';
import type { StorageDriver } from './storage-driver';
import { storageRoutes } from './storage.routes';
import { createStorageService, type StorageService } from './storage.service';
import { storageAccess } from './storage.access';

declare module '../../container/provided' {
  interface Provided {
    storage: StorageService;
  }
}

export interface StorageOptions {
  /**
   * The workspaces' files (ADR 0030): the driver (default: local, in the system's temp folder;
   * main.ts passes PONTE_DATA_DIR/storage or S3), PONTE_STORAGE_MAX_FILE_MB and _QUOTA_MB.
   */
  storage?: { driver?: StorageDriver; maxFileBytes?: number; quotaBytes?: number | null };
}

/** The workspaces' file storage (ADR 0030), local or S3. */
export const storageModule = defineModule({
  name: 'storage',
  access: storageAccess,
  needs: [],
  provides: ['storage'],
  config: [storageConfig],
  create(_needs, options: StorageOptions) {
    const storage = options.storage ?? {};
    return {
      storage: createStorageService({
        driver: storage.driver ?? createLocalStorageDriver(join(tmpdir(), 'ponte-storage')),
        ...(storage.maxFileBytes ? { maxFileBytes: storage.maxFileBytes } : {}),
        quotaBytes: storage.quotaBytes ?? null,
      }),
    };
  },
  routes: {
    api: (api, { storage }) => api.register(storageRoutes, { service: storage }),
  },
});
