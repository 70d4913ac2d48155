import { resolveSessionSecret, type Config } from '../env';
import { LocalDiskStorage } from './local-disk';
import type { ObjectStorage } from './object-storage';
import { S3Storage } from './s3';
import { uploadSigningKey } from './signing';

export type { ObjectStorage } from './object-storage';
export { isValidStorageKey, makeStorageKey } from './object-storage';
export { LocalDiskStorage, PathEscapeError } from './local-disk';
export { S3Storage } from './s3';

const shared = new WeakMap<Config, ObjectStorage>();

/** One storage per app configuration, shared by the features that store or remove documents. */
export function objectStorageFor(config: Config): ObjectStorage {
  let storage = shared.get(config);
  if (!storage) {
    storage = createObjectStorage(config);
    shared.set(config, storage);
  }
  return storage;
}

/** S3 when configured (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY), else local disk. */
export function createObjectStorage(config: Config): ObjectStorage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalDiskStorage(config.DATA_DIR, config.PUBLIC_URL, uploadSigningKey(resolveSessionSecret(config)));
}
