import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalStorageDriver } from '../modules/storage/local-driver';
import { createStorageService } from '../modules/storage/storage.service';

/** A storage service over the local driver in a fresh folder of the system's temp dir. */
export function testStorage(root = join(tmpdir(), `ponte-storage-${randomUUID()}`)) {
  return createStorageService({ driver: createLocalStorageDriver(root) });
}
