import { open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/** what one write gathers: a socket reads 64 KiB at a time, 16 of them make one system call */
const BATCH_BYTES = 1024 * 1024;
const BATCH_BUFFERS = 64;

/** Writes `list` (emptied on the way) at `at`, all of it: a vectored write may take part of it. */
async function writeAll(handle: FileHandle, list: Buffer[], at: number): Promise<void> {
  let pos = at;
  while (list.length) {
    const { bytesWritten } = await handle.writev(list, pos);
    pos += bytesWritten;
    let left = bytesWritten;
    while (list.length && left >= list[0]!.length) left -= list.shift()!.length;
    if (left && list.length) list[0] = list[0]!.subarray(left);
  }
}

/**
 * Streams `body` into `file` (which exists) from offset `start`, refusing more than `max` bytes
 * with `tooLarge()`; answers the bytes written. The body's chunks are gathered into writes of
 * about 1 MiB, one in flight while the next gathers: a write per 64 KiB chunk (a write stream's
 * way) cost the server more CPU than the upload's client spent sending (bench/media.ts). At most
 * two batches are held, so memory stays flat whatever the size.
 */
export async function writeStreamAt(
  body: Readable,
  file: string,
  start: number,
  max: number,
  tooLarge: () => Error,
): Promise<number> {
  const handle = await open(file, 'r+');
  let size = 0;
  let pos = start;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let inFlight: Promise<void> | null = null;
  const send = () => {
    const bufs = batch;
    const at = pos;
    pos += batchBytes;
    batch = [];
    batchBytes = 0;
    const write = writeAll(handle, bufs, at);
    // awaited below; until then a failure must not count as unhandled
    write.catch(() => {});
    return write;
  };
  let refused = false;
  try {
    for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > max) {
        refused = true;
        throw tooLarge();
      }
      batch.push(chunk);
      batchBytes += chunk.length;
      if (batchBytes >= BATCH_BYTES || batch.length >= BATCH_BUFFERS) {
        if (inFlight) await inFlight;
        inFlight = send();
      }
    }
    if (inFlight) await inFlight;
    inFlight = null;
    if (batchBytes) await send();
    return size;
  } catch (err) {
    // more than a part may hold: the rest is not taken (the connection goes); any other failure (a
    // full disk): the rest is read and dropped, so the answer saying why reaches the client rather
    // than a broken connection that looks like an interrupted upload
    if (refused) body.destroy();
    else body.resume();
    throw err;
  } finally {
    if (inFlight) await inFlight.catch(() => {});
    await handle.close();
  }
}
