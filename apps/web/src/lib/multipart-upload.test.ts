import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, ErrorCodes } from '@subtrans/contract';
import { api, ApiError } from './api-client';
import type * as ApiClient from './api-client';
import { STORAGE_KEYS } from './storage';
import {
  PartUploadError,
  readUploadRecord,
  UPLOAD_PAUSED,
  resumableBytes,
  uploadFile,
  type PutPart,
} from './multipart-upload';

// the network boundary: the app's API calls (played by a fake server below) and the PUT (injected)
vi.mock('./api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: vi.fn(),
}));
const apiMock = vi.mocked(api);

/** The upload calls of the server: parts of 10 bytes, URLs that name the part and their signing round. */
class FakeServer {
  partSize = 10;
  calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  open = new Set<string>();
  private nextId = 1;
  private round = 0;

  handle = async (path: string, body: unknown): Promise<unknown> => {
    const b = body as Record<string, unknown>;
    this.calls.push({ path, body: b });
    await Promise.resolve();
    switch (path) {
      case API.fileStartUpload: {
        const uploadId = `upload-${this.nextId++}`;
        this.open.add(uploadId);
        const size = b.size as number;
        return {
          uploadId,
          objectKey: `translated-videos/${uploadId}.mp4`,
          partSize: this.partSize,
          partCount: Math.ceil(size / this.partSize),
        };
      }
      case API.fileUploadParts: {
        this.gone(b.uploadId as string);
        this.round++;
        return {
          urls: (b.partNumbers as number[]).map((n) => ({
            partNumber: n,
            url: `/storage/part?upload=${String(b.uploadId)}&part=${n}&round=${this.round}`,
          })),
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        };
      }
      case API.fileCompleteUpload: {
        const uploadId = b.uploadId as string;
        this.gone(uploadId);
        this.open.delete(uploadId);
        return { objectKey: `translated-videos/${uploadId}.mp4`, size: 0 };
      }
      case API.fileAbortUpload:
        this.gone(b.uploadId as string);
        this.open.delete(b.uploadId as string);
        return null;
      default:
        throw new Error(`unexpected call ${path}`);
    }
  };

  private gone(uploadId: string) {
    if (!this.open.has(uploadId))
      throw new ApiError(ErrorCodes.UPLOAD_NOT_FOUND.code, 'upload not found', 404);
  }

  of(path: string) {
    return this.calls.filter((c) => c.path === path).map((c) => c.body);
  }
}

interface PutCall {
  url: string;
  part: number;
  round: number;
  body: Blob;
  signal: AbortSignal;
}

/** A PUT that records what it was given and answers `behaviour(call)` (default: the part's ETag). */
function fakePut(
  behaviour?: (call: PutCall, onProgress: (n: number) => void) => Promise<string> | undefined,
) {
  const calls: PutCall[] = [];
  let active = 0;
  let maxActive = 0;
  const put: PutPart = async (url, body, { signal, onProgress }) => {
    const q = new URL(url, 'http://localhost').searchParams;
    const call = { url, part: Number(q.get('part')), round: Number(q.get('round')), body, signal };
    calls.push(call);
    active++;
    maxActive = Math.max(maxActive, active);
    try {
      const custom = behaviour?.(call, onProgress);
      if (custom) return await custom;
      await new Promise((r) => setTimeout(r, 1));
      onProgress(body.size);
      return `"etag-${call.part}"`;
    } finally {
      active--;
    }
  };
  return { put, calls, maxActive: () => maxActive };
}

/** A file of `size` bytes whose content says where each byte is: 0123456789abcdef… repeated. */
function media(size: number, name = 'clip.mp4', lastModified = 1_700_000_000_000) {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  const text = Array.from({ length: size }, (_, i) => alphabet[i % alphabet.length]).join('');
  return new File([text], name, { type: 'video/mp4', lastModified });
}

let server: FakeServer;
beforeEach(() => {
  window.localStorage.clear();
  server = new FakeServer();
  apiMock.mockReset();
  apiMock.mockImplementation((route, body) => server.handle(API[route], body) as never);
});
afterEach(() => {
  window.localStorage.clear();
});

describe('uploadFile', () => {
  it('slices the file into numbered parts and completes with their ETags', async () => {
    const file = media(25);
    const net = fakePut();
    const done = await uploadFile(file, { type: 2, put: net.put });

    expect(done.objectKey).toBe('translated-videos/upload-1.mp4');
    expect(server.of(API.fileStartUpload)).toEqual([
      { fileName: 'clip.mp4', size: 25, contentType: 'video/mp4', type: 2 },
    ]);
    const bodies = await Promise.all(
      [...net.calls].sort((a, b) => a.part - b.part).map(async (c) => [c.part, await c.body.text()]),
    );
    const text = await file.text();
    expect(bodies).toEqual([
      [1, text.slice(0, 10)],
      [2, text.slice(10, 20)],
      [3, text.slice(20, 25)],
    ]);
    expect(server.of(API.fileCompleteUpload)).toEqual([
      {
        uploadId: 'upload-1',
        parts: [
          { partNumber: 1, etag: '"etag-1"' },
          { partNumber: 2, etag: '"etag-2"' },
          { partNumber: 3, etag: '"etag-3"' },
        ],
      },
    ]);
    // nothing is left to resume
    expect(window.localStorage.getItem(STORAGE_KEYS.mediaUpload)).toBeNull();
  });

  it('asks for the URLs in calls of at most 100 parts', async () => {
    server.partSize = 1;
    const net = fakePut();
    await uploadFile(media(230), { type: 2, put: net.put });
    const asked = server.of(API.fileUploadParts).map((b) => b.partNumbers as number[]);
    expect(asked.every((a) => a.length <= 100)).toBe(true);
    expect(asked.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 230 }, (_, i) => i + 1));
    expect(new Set(net.calls.map((c) => c.part)).size).toBe(230);
  });

  it('sends at most 3 parts at once', async () => {
    const net = fakePut();
    await uploadFile(media(95), { type: 2, put: net.put });
    expect(net.calls).toHaveLength(10);
    expect(net.maxActive()).toBe(3);
  });

  it('retries a failed part with backoff, then succeeds', async () => {
    let failures = 0;
    const net = fakePut((call) => {
      if (call.part === 2 && failures < 2) {
        failures++;
        return Promise.reject(new PartUploadError(0, 'network error'));
      }
      return undefined;
    });
    const done = await uploadFile(media(30), { type: 2, put: net.put, retryDelayMs: 1 });
    expect(done.objectKey).toBe('translated-videos/upload-1.mp4');
    expect(net.calls.filter((c) => c.part === 2)).toHaveLength(3);
    expect(server.of(API.fileCompleteUpload)).toHaveLength(1);
  });

  it('gives up on a part after 3 retries, keeping the parts already sent', async () => {
    const net = fakePut((call) =>
      call.part === 3 ? Promise.reject(new PartUploadError(500, 'HTTP 500')) : undefined,
    );
    await expect(
      uploadFile(media(30), { type: 2, put: net.put, retryDelayMs: 1, concurrency: 1 }),
    ).rejects.toThrow('HTTP 500');
    expect(net.calls.filter((c) => c.part === 3)).toHaveLength(4);
    expect(server.of(API.fileCompleteUpload)).toHaveLength(0);
    expect(server.of(API.fileAbortUpload)).toHaveLength(0);
    expect(Object.keys(readUploadRecord()!.done)).toEqual(['1', '2']);
  });

  it('does not send a part again when the storage is out of space (507), keeping the parts sent', async () => {
    const net = fakePut((call) =>
      call.part === 3 ? Promise.reject(new PartUploadError(507, 'HTTP 507 Insufficient Storage')) : undefined,
    );
    const failed = uploadFile(media(30), { type: 2, put: net.put, retryDelayMs: 1, concurrency: 1 });
    await expect(failed).rejects.toMatchObject({ status: 507 });
    expect(net.calls.filter((c) => c.part === 3)).toHaveLength(1);
    expect(server.of(API.fileAbortUpload)).toHaveLength(0);
    expect(Object.keys(readUploadRecord()!.done)).toEqual(['1', '2']);
  });

  it('asks again for a part whose URL has expired (403)', async () => {
    const net = fakePut((call) =>
      call.part === 1 && call.round === 1 ? Promise.reject(new PartUploadError(403, 'HTTP 403')) : undefined,
    );
    await uploadFile(media(30), { type: 2, put: net.put, retryDelayMs: 1 });
    const asked = server.of(API.fileUploadParts).map((b) => b.partNumbers as number[]);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.slice(1).some((a) => a.includes(1))).toBe(true);
    const part1 = net.calls.filter((c) => c.part === 1);
    expect(part1).toHaveLength(2);
    expect(part1[0]!.round).toBe(1);
    expect(part1[1]!.round).toBeGreaterThan(1);
    expect(server.of(API.fileCompleteUpload)[0]!.parts).toHaveLength(3);
  });

  it('resumes the same file with only the missing parts', async () => {
    const file = media(50);
    const broken = fakePut((call) =>
      call.part === 3 ? Promise.reject(new PartUploadError(0, 'network error')) : undefined,
    );
    await expect(
      uploadFile(file, { type: 2, put: broken.put, retries: 0, concurrency: 1 }),
    ).rejects.toBeInstanceOf(PartUploadError);
    expect(resumableBytes(file)).toBe(20);

    // the same file chosen again (after a reload: a new File object with the same name, size, date)
    const again = new File([await file.text()], file.name, {
      type: file.type,
      lastModified: file.lastModified,
    });
    const net = fakePut();
    const progress: number[] = [];
    await uploadFile(again, { type: 2, put: net.put, onProgress: (sent) => progress.push(sent) });

    expect(server.of(API.fileStartUpload)).toHaveLength(1);
    expect(net.calls.map((c) => c.part).sort()).toEqual([3, 4, 5]);
    expect(progress[0]).toBe(20);
    expect(server.of(API.fileCompleteUpload)[0]).toEqual({
      uploadId: 'upload-1',
      parts: [1, 2, 3, 4, 5].map((n) => ({ partNumber: n, etag: `"etag-${n}"` })),
    });
    expect(readUploadRecord()).toBeNull();
  });

  it('does not resume a different file', async () => {
    const broken = fakePut(() => Promise.reject(new PartUploadError(0, 'network error')));
    await expect(uploadFile(media(30), { type: 2, put: broken.put, retries: 0 })).rejects.toThrow();
    const other = media(30, 'clip.mp4', 1_800_000_000_000);
    expect(resumableBytes(other)).toBe(0);
    const net = fakePut();
    await uploadFile(other, { type: 2, put: net.put });
    expect(server.of(API.fileStartUpload)).toHaveLength(2);
    expect(net.calls).toHaveLength(3);
  });

  it('starts over when the server no longer knows the upload', async () => {
    const file = media(30);
    const broken = fakePut((call) =>
      call.part === 2 ? Promise.reject(new PartUploadError(0, 'network error')) : undefined,
    );
    await expect(
      uploadFile(file, { type: 2, put: broken.put, retries: 0, concurrency: 1 }),
    ).rejects.toThrow();
    // the server cleaned the unfinished upload up meanwhile
    server.open.clear();
    const net = fakePut();
    const done = await uploadFile(file, { type: 2, put: net.put });
    expect(done.objectKey).toBe('translated-videos/upload-2.mp4');
    expect(net.calls.map((c) => c.part).sort()).toEqual([1, 2, 3]);
  });

  it('cancels: aborts the parts in flight and abandons the upload on the server', async () => {
    const net = fakePut(
      (call) =>
        new Promise<string>((_resolve, reject) => {
          call.signal.addEventListener('abort', () =>
            reject(new DOMException('The upload was cancelled', 'AbortError')),
          );
        }),
    );
    const controller = new AbortController();
    const upload = uploadFile(media(100), { type: 2, put: net.put, signal: controller.signal });
    await vi.waitFor(() => expect(net.calls).toHaveLength(3));
    controller.abort();

    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(net.calls.every((c) => c.signal.aborted)).toBe(true);
    expect(net.calls).toHaveLength(3);
    expect(server.of(API.fileAbortUpload)).toEqual([{ uploadId: 'upload-1' }]);
    expect(server.of(API.fileCompleteUpload)).toHaveLength(0);
    expect(readUploadRecord()).toBeNull();
  });

  it('pauses (the page is left): the parts sent stay resumable', async () => {
    const file = media(100);
    const net = fakePut((call) =>
      call.part <= 3
        ? undefined
        : new Promise<string>((_resolve, reject) => {
            call.signal.addEventListener('abort', () =>
              reject(new DOMException('The upload was cancelled', 'AbortError')),
            );
          }),
    );
    const controller = new AbortController();
    const upload = uploadFile(file, { type: 2, put: net.put, signal: controller.signal });
    await vi.waitFor(() => expect(Object.keys(readUploadRecord()?.done ?? {})).toHaveLength(3));
    controller.abort(UPLOAD_PAUSED);
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.of(API.fileAbortUpload)).toHaveLength(0);
    expect(resumableBytes(file)).toBe(30);
  });

  it('reports progress that only grows and ends at the total', async () => {
    let retried = false;
    const net = fakePut(async (call, onProgress) => {
      // a retried part starts from its first bytes again
      onProgress(call.part === 2 && retried ? 1 : call.body.size - 1);
      await new Promise((r) => setTimeout(r, 1));
      if (call.part === 2 && !retried) {
        retried = true;
        throw new PartUploadError(0, 'network error');
      }
      onProgress(call.body.size);
      return `"etag-${call.part}"`;
    });
    const seen: Array<[number, number]> = [];
    for (const concurrency of [1, 3]) {
      retried = false;
      seen.length = 0;
      window.localStorage.clear();
      await uploadFile(media(45), {
        type: 2,
        put: net.put,
        retryDelayMs: 1,
        concurrency,
        onProgress: (sent, total) => seen.push([sent, total]),
      });
      expect(seen.length).toBeGreaterThan(5);
      expect(seen.every(([, total]) => total === 45)).toBe(true);
      const sent = seen.map(([s]) => s);
      expect(sent).toEqual([...sent].sort((a, b) => a - b));
      expect(sent.at(-1)).toBe(45);
      expect(sent[0]).toBe(0);
    }
  });
});
