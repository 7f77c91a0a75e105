import path from 'node:path';
import type { Config } from '../config';
import { localDiskStorage } from './local-disk-storage';
import { s3Storage } from './s3-storage';
import type { Storage } from './storage';

/**
 * The store the configuration asks for: S3 when every S3_* variable is set, else DATA_DIR/files.
 * No network here: main.ts checks the bucket (checkS3Bucket) before anything else starts.
 */
export async function createStorage(
  config: Pick<Config, 'dataDir' | 's3'>,
  log: { info(details: object, message: string): void },
): Promise<Storage> {
  if (!config.s3) {
    const root = path.join(config.dataDir, 'files');
    log.info({ store: 'local', root }, 'file storage: local disk');
    return localDiskStorage(root);
  }
  const { endpoint, region, bucket } = config.s3;
  log.info({ store: 's3', endpoint: endpoint ?? 'AWS', region, bucket }, 'file storage: S3');
  return s3Storage(config.s3);
}
