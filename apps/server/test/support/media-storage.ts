import type { DetectionState, ExecutionState } from '@subtrans/contract';
import type { ObjectStorage } from '../../src/providers/storage/storage.js';
import type { TestApp } from '../harness.js';
import { expectSuccess } from './http.js';
import { uploadMedia } from './media-upload.js';
import { S3_TEST_CREDENTIALS, startS3Server } from './s3-server.js';
import { until } from './until.js';

/** Where a test app keeps its objects: local disk (the default) or the local S3-compatible server. */
export const STORAGE_KINDS = ['local', 's3'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** The environment that selects `kind` (starting an S3 server for 's3'), and how to stop it. */
export async function storageEnv(
  kind: StorageKind,
): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  if (kind === 'local') return { env: {}, close: async () => undefined };
  const s3 = await startS3Server();
  return {
    env: {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => s3.close(),
  };
}

/**
 * The storage as it is, except that its first `delete` fails (storage unreachable at that
 * moment): stands for the storage, not for our code.
 */
export function deleteFailsOnce(storage: ObjectStorage): ObjectStorage & { failedKeys: string[] } {
  const failedKeys: string[] = [];
  return new Proxy(storage, {
    get(target, prop, receiver) {
      if (prop === 'failedKeys') return failedKeys;
      if (prop !== 'delete') return Reflect.get(target, prop, receiver) as unknown;
      return async (key: string) => {
        if (failedKeys.length === 0) {
          failedKeys.push(key);
          throw new Error('storage unavailable (test)');
        }
        return target.delete(key);
      };
    },
  }) as ObjectStorage & { failedKeys: string[] };
}

/** Uploads a file and submits it for detection; answers the task id and the object key. */
export async function submitMedia(
  t: TestApp,
  token: string,
  file: { path?: string; bytes?: Buffer; name: string; type: 1 | 2 },
): Promise<{ taskId: string; objectKey: string }> {
  const up = await uploadMedia(t, token, file);
  const { taskId } = expectSuccess<{ taskId: string }>(
    await t.post(
      '/file/submit_check_task',
      { objectKey: up.objectKey, type: file.type, targetLau: 'ja' },
      { as: token },
    ),
  );
  return { taskId, objectKey: up.objectKey };
}

/** Waits until the detection is ready (4) or failed (5). */
export function detection(t: TestApp, token: string, taskId: string): Promise<DetectionState> {
  return until(async () => {
    const d = expectSuccess<DetectionState>(await t.post('/file/check_task', { taskId }, { as: token }));
    return d.status >= 4 ? d : null;
  }, 30_000);
}

/** Confirms a detected task and waits until its execution completed (4) or failed (5). */
export async function execution(t: TestApp, token: string, taskId: string): Promise<ExecutionState> {
  expectSuccess(
    await t.post('/file/submit_execute_task', { taskId, targetLau: 'ja', transEngin: 2 }, { as: token }),
  );
  return until(async () => {
    const e = expectSuccess<ExecutionState>(
      await t.post('/file/check_execute_task', { taskId }, { as: token }),
    );
    return e.status >= 4 ? e : null;
  }, 60_000);
}
