import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeTranslate, startApertiumApyServer } from '../../../test/support/translation-servers.js';
import { parseEnv } from '../../config/env.js';
import { apertiumEngine, commandExists, pairsOfModeList } from './apertium.js';
import { EngineError, unknownWordsOf, type TranslateRequest } from './engine.js';
import { buildEngineRegistry } from './registry.js';

const req = (lines: string[], source = 'en', target = 'es', signal?: AbortSignal): TranslateRequest => ({
  lines,
  context: { before: [], after: [] },
  source,
  target,
  ...(signal ? { signal } : {}),
});

const failureOf = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EngineError);
  return err as EngineError;
};

const INSTALL_HINT =
  'The apertium tests need the real command and the English–Spanish pair: apt-get install apertium apertium-eng-spa (CI installs them)';

/** Never skipped: on a machine without Apertium each test fails saying what to install. */
let apertiumChecked = false;
function requireApertium() {
  if (apertiumChecked) return;
  if (!commandExists('apertium')) throw new Error(`apertium is not on PATH. ${INSTALL_HINT}`);
  const modes = spawnSync('apertium', ['-l'], { encoding: 'utf8' }).stdout ?? '';
  if (!/^\s*eng-spa\s*$/m.test(modes))
    throw new Error(`apertium has no eng-spa mode (has: ${modes.trim() || 'none'}). ${INSTALL_HINT}`);
  apertiumChecked = true;
}

describe('Apertium engine, the real apertium command (eng→spa)', () => {
  const engine = apertiumEngine();
  beforeEach(requireApertium);
  // the pair's long-running pipeline
  afterAll(() => engine.close?.());

  it('translates a batch through one process, one Spanish line per line', async () => {
    const lines = ['Hello world', 'The cat is black.', 'Good morning'];
    const out = await engine.translate(req(lines));
    expect(out).toHaveLength(3);
    out.forEach((l, i) => {
      expect(l.trim()).not.toBe('');
      expect(l).not.toBe(lines[i]);
    });
    expect(out[0]).toMatch(/hola/i);
    expect(out[1]).toMatch(/gato/);
    expect(out[1]).toMatch(/negro/);
    expect(out[2]).toMatch(/buenos/i);
  }, 30_000);

  it('keeps the count of a batch of 10 with markup, blank lines and a multi-line cue', async () => {
    const lines = [
      'Hello world',
      '<i>The black cat</i> sleeps.',
      '',
      'Good morning',
      '   ',
      // "It" is dropped in Spanish and leaves a blank line behind: still one line
      'Yes\nIt\nworks',
      'Where is the house?',
      'I have two dogs.',
      '- What?\n- Nothing.',
      'Thank you very much.',
    ];
    const out = await engine.translate(req(lines));
    expect(out).toHaveLength(10);
    expect(out[2]).toBe('');
    expect(out[4]).toBe('   ');
    expect(out[1]).toMatch(/<i>.*gato.*<\/i>/);
    expect(unknownWordsOf(out[1]!).words).toEqual([]);
    expect(out[5]).not.toMatch(/\n\s*\n/);
    expect(out[5]!.split('\n').length).toBeLessThanOrEqual(3);
    expect(out[6]).toMatch(/casa/);
    expect(out[7]).toMatch(/perros/);
    expect(out[8]!.split('\n')).toHaveLength(2);
    for (const i of [0, 1, 3, 5, 6, 7, 8, 9]) {
      expect(out[i]!.trim()).not.toBe('');
      expect(out[i]).not.toBe(lines[i]);
      expect(out[i]).not.toContain('⁂');
    }
  }, 30_000);

  it('writes Spanish punctuation: questions and exclamations opened, no space before a stop', async () => {
    const out = await engine.translate(req(['Where are you going?', 'Stop it!', 'It is a nice thing .']));
    expect(out[0]).toMatch(/^¿\S.*\?$/);
    expect(out[1]).toMatch(/^¡\S.*!$/);
    expect(out[2]).toMatch(/\S\.$/);
  }, 30_000);

  it('marks the words it could not translate, and keeps a line’s own * # @ (issue 36)', async () => {
    const [grunts, signs] = await engine.translate(
      req(['He grunts and chuckles.', 'Is it 5 * 3, #1 or @home?']),
    );
    const { text, words } = unknownWordsOf(grunts!);
    expect(words).toEqual(expect.arrayContaining(['grunts', 'chuckles']));
    expect(text).not.toMatch(/[*#@\uE000]/u);
    expect(text).toMatch(/grunts/);
    const plain = unknownWordsOf(signs!);
    expect(plain.text).toContain('5 * 3');
    expect(plain.text).toContain('#1');
    expect(plain.text).toMatch(/@\p{L}+/u);
  }, 30_000);

  it('keeps every keep-term of the glossary as it is, unmarked (issue 36)', async () => {
    const names = ['Weasel', 'Angel Dust', 'Negasonic Teenage Warhead', 'Wade'];
    const lines = [
      'Angel Dust and Weasel went to the bar with Wade.',
      'Wade is here.',
      'Weasel, come here!',
      'Negasonic Teenage Warhead and I went home.',
      'Where is Wade?',
      'I told Weasel that Angel Dust is gone.',
    ];
    const terms = names.map((source) => ({ source, target: '', keep: true }));
    const out = await engine.translate({ ...req(lines), terms });
    let kept = 0;
    let asked = 0;
    lines.forEach((line, i) => {
      const { text, words } = unknownWordsOf(out[i]!);
      for (const name of names.filter((n) => line.includes(n))) {
        asked += 1;
        if (text.includes(name)) kept += 1;
        expect(words.join(' ')).not.toContain(name.split(' ')[0]);
      }
      expect(text).not.toMatch(/Zqxv/);
    });
    expect(kept / asked).toBe(1);
    // the capital Apertium gives the word after an unknown word opening a sentence is undone
    expect(out[1]).toBe('Wade es aquí.');
    // a target's own # is no mark of Apertium's
    const [frank] = await engine.translate({
      ...req(['Frank is here.']),
      terms: [{ source: 'Frank', target: 'Frank #1' }],
    });
    expect(frank).toMatch(/^Frank #1 es aquí/);
    // without the glossary the dictionaries translate them
    const plain = await engine.translate(req(lines));
    expect(plain[0]).toMatch(/comadreja/i);
  }, 30_000);

  it('picks the only installed source for auto', async () => {
    expect((await engine.translate(req(['The cat is black.'], 'auto', 'es')))[0]).toMatch(/gato/);
  }, 30_000);

  it('refuses a pair that is not installed, naming the installed ones', async () => {
    const err = await failureOf(engine.translate(req(['Hello'], 'en', 'fr')));
    expect(err.kind).toBe('api');
    expect(err.message).toMatch(/no en→fr pair installed/);
    expect(err.message).toMatch(/installed: .*eng-spa/);
    const auto = await failureOf(engine.translate(req(['Bonjour'], 'auto', 'ja')));
    expect(auto.kind).toBe('api');
    expect(auto.message).toMatch(/choose the source language/);
  }, 30_000);

  it('sends nothing for a batch of blank lines', async () => {
    expect(await engine.translate(req(['', ' ']))).toEqual(['', ' ']);
  });
});

describe('Apertium engine, the command transport against a fake command', () => {
  let dir: string;
  let command: string;
  const setMode = (mode: string) => writeFileSync(path.join(dir, 'mode'), mode);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    // a zombie (killed, not yet reaped) is dead too
    const stat = `/proc/${pid}/stat`;
    return !(existsSync(stat) && / Z /.test(readFileSync(stat, 'utf8')));
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'fake-apertium-'));
    command = path.join(dir, 'apertium');
    writeFileSync(
      command,
      [
        '#!/bin/sh',
        'dir=$(dirname "$0")',
        'if [ "$1" = "-l" ]; then printf "  eng-spa\\n  spa-eng_US\\n  eng-spa-tagger\\n  en-ca\\n"; exit 0; fi',
        'case "$(cat "$dir/mode")" in',
        '  sleep) sleep 30 & echo $! > "$dir/sleep.pid"; wait ;;',
        '  fail) echo "Error: Mode $3 does not exist" >&2; exit 1 ;;',
        '  first) head -n 1 "$4" ;;',
        '  silent) echo "USAGE: apertium-destxt" >&2 ;;',
        '  args) echo "$1 $2 $3 $(basename "$4")" ;;',
        '  *) cat "$4" ;;',
        'esac',
        '',
      ].join('\n'),
    );
    chmodSync(command, 0o755);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(() => setMode('cat'));

  it('runs `<command> -f txt <mode> <input file>` without a shell (unknown words marked)', async () => {
    setMode('args');
    expect(await apertiumEngine({ command }).translate(req(['x']))).toEqual(['-f txt eng-spa input.txt']);
    // the old 2-letter modes count too, and a variant serves when it is the only direction
    expect(await apertiumEngine({ command }).translate(req(['x'], 'en', 'ca'))).toEqual([
      '-f txt en-ca input.txt',
    ]);
    expect(await apertiumEngine({ command }).translate(req(['x'], 'es', 'en'))).toEqual([
      '-f txt spa-eng_US input.txt',
    ]);
  });

  it('gives back one line per line, cues tidied', async () => {
    expect(await apertiumEngine({ command }).translate(req(['a', 'b\r\n\r\nc  d', '', 'e']))).toEqual([
      'a',
      'b\nc d',
      '',
      'e',
    ]);
  });

  it('turns a lost line into a count failure and a failing or silent process into an http failure', async () => {
    setMode('first');
    expect((await failureOf(apertiumEngine({ command }).translate(req(['a', 'b'])))).kind).toBe('count');
    setMode('fail');
    const err = await failureOf(apertiumEngine({ command }).translate(req(['a'])));
    expect(err.kind).toBe('http');
    expect(err.message).toMatch(/exited with 1: Error: Mode eng-spa does not exist/);
    setMode('silent');
    expect((await failureOf(apertiumEngine({ command }).translate(req(['a'])))).message).toMatch(
      /gave no output: USAGE/,
    );
    const missing = apertiumEngine({ command: path.join(dir, 'nope') });
    expect((await failureOf(missing.translate(req(['a'])))).kind).toBe('http');
  });

  it('kills the whole process group at the timeout', async () => {
    setMode('sleep');
    const started = Date.now();
    const err = await failureOf(apertiumEngine({ command, timeoutMs: 300 }).translate(req(['a'])));
    expect(err.kind).toBe('http');
    expect(err.message).toMatch(/took longer than 0.3 s/);
    expect(Date.now() - started).toBeLessThan(5000);
    const pid = Number(readFileSync(path.join(dir, 'sleep.pid'), 'utf8'));
    await expect.poll(() => alive(pid)).toBe(false);
  });

  it('kills the process when the request is aborted, and starts none when it already was', async () => {
    rmSync(path.join(dir, 'sleep.pid'), { force: true });
    const engine = apertiumEngine({ command });
    // the pair list first, so the translation itself is what runs when the abort comes
    await engine.translate(req(['warm up']));
    setMode('sleep');
    const ac = new AbortController();
    const pending = engine.translate(req(['a'], 'en', 'es', ac.signal));
    await expect.poll(() => existsSync(path.join(dir, 'sleep.pid'))).toBe(true);
    ac.abort();
    const err = await failureOf(pending);
    expect(err.message).toMatch(/aborted/);
    const pid = Number(readFileSync(path.join(dir, 'sleep.pid'), 'utf8'));
    await expect.poll(() => alive(pid)).toBe(false);
    expect((await failureOf(engine.translate(req(['a'], 'en', 'es', AbortSignal.abort())))).message).toMatch(
      /aborted/,
    );
  });

  it('runs at most maxProcesses at once; a waiting call can be aborted', async () => {
    const engine = apertiumEngine({ command, maxProcesses: 1, timeoutMs: 500 });
    await engine.translate(req(['warm up']));
    setMode('sleep');
    const first = engine.translate(req(['a']));
    const ac = new AbortController();
    const second = engine.translate(req(['b'], 'en', 'es', ac.signal));
    ac.abort();
    expect((await failureOf(second)).message).toMatch(/aborted/);
    expect((await failureOf(first)).message).toMatch(/took longer/);
  });

  it('does not keep a failed pair lookup: the next call asks again', async () => {
    setMode('args');
    const later = path.join(dir, 'later');
    const engine = apertiumEngine({ command: later });
    expect((await failureOf(engine.translate(req(['x'])))).message).toMatch(/cannot run/);
    copyFileSync(command, later);
    chmodSync(later, 0o755);
    expect(await engine.translate(req(['x']))).toEqual(['-f txt eng-spa input.txt']);
  });

  it('reads mode lists, leaving debug modes out', () => {
    expect(
      pairsOfModeList('  eng-spa\n  spa-eng_US\n  eng-spa-tagger\n  oci_aran-cat\n').map((p) => p.source),
    ).toEqual(['eng', 'spa', 'oci_aran']);
  });
});

describe('Apertium engine, the apertium-apy transport against a local server', () => {
  let server: Awaited<ReturnType<typeof startApertiumApyServer>>;
  const engine = (timeoutMs?: number) =>
    apertiumEngine({ url: server.url, ...(timeoutMs ? { timeoutMs } : {}) });

  beforeAll(async () => {
    server = await startApertiumApyServer([
      ['eng', 'spa'],
      ['spa', 'eng'],
      ['en', 'ca'],
    ]);
  });
  afterAll(() => server.close());
  beforeEach(() => server.requests.splice(0));

  it('posts one form request per batch (langpair, q, markUnknown=yes, format=txt), one line per line', async () => {
    const lines = ['Hello', '', 'The cat', 'a\nb'];
    expect(await engine().translate(req(lines))).toEqual([
      fakeTranslate('Hello', 'spa'),
      '',
      fakeTranslate('The cat', 'spa'),
      fakeTranslate('a\nb', 'spa'),
    ]);
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.params).toMatchObject({ langpair: 'eng|spa', markUnknown: 'yes', format: 'txt' });
  });

  it('maps our codes to the installed pairs: ISO 639-3, old 2-letter codes, auto', async () => {
    expect(await engine().translate(req(['x'], 'es', 'en'))).toEqual([fakeTranslate('x', 'eng')]);
    expect(await engine().translate(req(['x'], 'en', 'ca'))).toEqual([fakeTranslate('x', 'ca')]);
    expect(await engine().translate(req(['x'], 'auto', 'ca'))).toEqual([fakeTranslate('x', 'ca')]);
    const err = await failureOf(engine().translate(req(['x'], 'pt', 'es')));
    expect(err.kind).toBe('api');
    expect(err.message).toBe('Apertium has no pt→es pair installed (installed: eng-spa, spa-eng, en-ca)');
  });

  it('turns HTTP 500 into http, garbage into format, a lost line into count, slowness into http', async () => {
    for (const [mode, kind] of [
      ['http500', 'http'],
      ['garbage', 'format'],
      ['wrong-count', 'count'],
    ] as const) {
      server.misbehave(mode);
      expect((await failureOf(engine().translate(req(['one', 'two', 'three'])))).kind).toBe(kind);
    }
    server.misbehave('slow');
    expect((await failureOf(engine(200).translate(req(['x'])))).kind).toBe('http');
  });

  it('fails over an unreachable server as an http failure', async () => {
    const down = apertiumEngine({ url: 'http://127.0.0.1:9' });
    expect((await failureOf(down.translate(req(['x'])))).kind).toBe('http');
  });
});

describe('registry', () => {
  const status = (env: Record<string, string>) =>
    buildEngineRegistry(parseEnv(env))
      .status(true)
      .find((e) => e.name === 'apertium');

  it('offers apertium with an apy URL or an installed command, else not_configured', () => {
    expect(status({ APERTIUM_COMMAND: 'no-such-apertium-command' })).toEqual({
      name: 'apertium',
      enabled: false,
      reason: 'not_configured',
      capabilities: null,
    });
    expect(
      status({ APERTIUM_COMMAND: 'no-such-apertium-command', APERTIUM_URL: 'http://127.0.0.1:2737' }),
    ).toMatchObject({ name: 'apertium', enabled: true, reason: null, capabilities: { kind: 'rule-based' } });
    expect(status({ APERTIUM_COMMAND: process.execPath })?.enabled).toBe(true);
    expect(commandExists('sh')).toBe(true);
    expect(commandExists('sh', '')).toBe(false);
  });
});
