import path from 'node:path';
import { displayUrl } from '../../config/display-url.js';
import type { Env } from '../../config/env.js';

/**
 * Which storage the environment points at: what every process on one database must share (a
 * file one stores, another reads) and what the start banner names. Never carries credentials.
 */
export type StorageIdentity =
  { kind: 'local'; location: string; bucket: null } | { kind: 's3'; location: string; bucket: string };

/** The local folder of objects, absolute (two processes compare it). */
export function localObjectsDir(env: Pick<Env, 'DATA_DIR'>): string {
  return path.resolve(env.DATA_DIR, 'objects');
}

export function storageIdentity(env: Pick<Env, 'DATA_DIR' | 'S3_ENDPOINT' | 'S3_BUCKET'>): StorageIdentity {
  return env.S3_ENDPOINT && env.S3_BUCKET
    ? { kind: 's3', location: displayUrl(env.S3_ENDPOINT), bucket: env.S3_BUCKET }
    : { kind: 'local', location: localObjectsDir(env), bucket: null };
}

export function describeStorage(s: StorageIdentity): string {
  return s.kind === 's3' ? `S3 ${s.location}, bucket ${s.bucket}` : `local disk ${s.location}`;
}

export function sameStorage(a: StorageIdentity, b: StorageIdentity): boolean {
  return a.kind === b.kind && a.location === b.location && a.bucket === b.bucket;
}
