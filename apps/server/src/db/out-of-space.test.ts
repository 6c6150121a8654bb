import { describe, expect, it } from 'vitest';
import { captureLog, type LogEntry } from '../../test/support/log-capture.js';
import { outOfSpace, SpaceAlarm, watchSpace } from './out-of-space.js';

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
const alerts = (log: ReturnType<typeof captureLog>) =>
  log
    .text()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LogEntry)
    .filter((e) => typeof e.alert === 'string')
    .map((e) => `${String(e.alert)} ${String(e.owner)}`);

describe('a full disk', () => {
  it('is told from the file system’s codes and the database’s disk_full, along causes too', () => {
    expect(outOfSpace(enospc())).toBe('disk');
    expect(outOfSpace(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe('disk');
    expect(outOfSpace(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe('database');
    expect(outOfSpace(new Error('wrapped', { cause: enospc() }))).toBe('disk');
    expect(outOfSpace(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBeNull();
    expect(outOfSpace(null)).toBeNull();
  });

  it('alerts the operator once per store until a write succeeds, then again at the next shortage', () => {
    const log = captureLog();
    const alarm = new SpaceAlarm(log.log);
    alarm.raise('disk', enospc(), 'storage.put');
    alarm.raise('disk', enospc(), 'storage.writePart');
    alarm.raise('database', new Error('x'), 'POST /task/create');
    expect(alarm.raisedAt('disk')).toBe('storage.put');
    alarm.clear('disk');
    alarm.clear('disk');
    alarm.raise('disk', enospc(), 'storage.put');
    expect(alerts(log)).toEqual([
      'out-of-storage disk',
      'out-of-storage database',
      'out-of-storage-over disk',
      'out-of-storage disk',
    ]);
  });

  it('watches the writes it is told of, and leaves everything else as it was', async () => {
    const log = captureLog();
    const alarm = new SpaceAlarm(log.log);
    let full = true;
    const store = {
      kind: 'local' as const,
      async put(): Promise<string> {
        if (full) throw enospc();
        return 'stored';
      },
      async get(): Promise<never> {
        throw enospc();
      },
    };
    const watched = watchSpace(store, ['put'], alarm);
    expect(watched.kind).toBe('local');
    await expect(watched.put()).rejects.toMatchObject({ code: 'ENOSPC' });
    await expect(watched.get()).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(alarm.raisedAt('disk')).toBe('storage.put');
    full = false;
    await expect(watched.put()).resolves.toBe('stored');
    expect(alarm.raisedAt('disk')).toBeUndefined();
    expect(alerts(log)).toEqual(['out-of-storage disk', 'out-of-storage-over disk']);
  });
});
