import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from '@subtrans/subtitles';
import { checkSrtName, planPart, previewSrt } from './srt-preview';

const enc = (s: string) => new TextEncoder().encode(s);
const SRT =
  '1\n00:00:01,000 --> 00:00:04,000\nGood morning, everyone. Welcome back to the show.\n\n2\n00:02:00,5 --> 00:02:03,000\nToday we talk about subtitles and translation.\n';

describe('SRT upload check (SPEC §5)', () => {
  it('shows the cues, the detected language and the cost with the rule that set it', async () => {
    expect(await previewSrt('talk.SRT', enc(SRT))).toEqual({
      ok: true,
      reading: {
        encoding: 'utf-8',
        source: 'detected',
        candidates: ['utf-8'],
        sample: [
          'Good morning, everyone. Welcome back to the show.',
          'Today we talk about subtitles and translation.',
        ],
      },
      preview: {
        format: 'srt',
        cues: 2,
        detectedLanguage: 'en',
        detectionUncertain: false,
        durationMs: 123_000,
        minutes: 3,
        cost: 30,
        costRule: 'duration',
        costCount: 3,
        lines: [
          { endMs: 4000, chars: 49 },
          { endMs: 123_000, chars: 46 },
        ],
      },
    });
  });

  it('cuts the part a short balance covers as the server will (issue 34)', async () => {
    const check = await previewSrt('talk.srt', enc(SRT));
    const lines = check.ok ? check.preview.lines : [];
    // 10 points: the first line (it ends at 0:04); the second ends in minute 3
    expect(planPart(lines, 0, 0, 10)).toEqual({
      fromLine: 1,
      toLine: 1,
      startMs: 0,
      endMs: 4000,
      points: 10,
    });
    expect(planPart(lines, 0, 0, 9)).toBeNull();
    expect(planPart(lines, 1, 10, Infinity)).toMatchObject({ fromLine: 2, toLine: 2, points: 20 });
  });

  it('prices dense text by its characters, and an empty file at the minimum', async () => {
    const cues = Array.from(
      { length: 30 },
      (_, i) =>
        `${i + 1}\n00:00:00,${String(i * 10).padStart(3, '0')} --> 00:00:00,${String(i * 10 + 5).padStart(3, '0')}\n${'w'.repeat(99)}${i % 10}\n`,
    ).join('\n');
    const dense = await previewSrt('dense.srt', enc(cues));
    expect(dense.ok && dense.preview).toMatchObject({ cost: 30, costRule: 'text', costCount: 3 });
    const empty = await previewSrt('empty.srt', enc('1\n00:00:00,000 --> 00:00:00,000\n\n'));
    expect(empty.ok && empty.preview).toMatchObject({ cost: 10, costRule: 'minimum' });
  });

  it('prices many cues inside a minute by their count, as the server does (issue 41)', async () => {
    const cues = Array.from(
      { length: 250 },
      (_, i) =>
        `${i + 1}\n00:00:00,${String(i * 2).padStart(3, '0')} --> 00:00:00,${String(i * 2 + 1).padStart(3, '0')}\n的\n`,
    ).join('\n');
    const tiny = await previewSrt('tiny.srt', enc(cues));
    expect(tiny.ok && tiny.preview).toMatchObject({ cues: 250, cost: 30, costRule: 'cues', costCount: 3 });
  });

  it('refuses a cue that ends before it starts, or one over 500 characters, naming it as the server does', async () => {
    const backwards = '1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:05,000 --> 00:00:04,500\nback\n';
    expect(await previewSrt('b.srt', enc(backwards))).toMatchObject({
      ok: false,
      reason: 'endsBeforeStart',
      params: { line: 2, start: '00:00:05,000', end: '00:00:04,500' },
    });
    const long = `1\n00:00:01,000 --> 00:00:02,000\n${'x'.repeat(501)}\n`;
    expect(await previewSrt('l.srt', enc(long))).toMatchObject({
      ok: false,
      reason: 'tooLong',
      params: { line: 1, chars: 501, max: 500 },
    });
    // a zero-length cue is fine
    expect((await previewSrt('z.srt', enc('1\n00:00:03,000 --> 00:00:03,000\nflash\n'))).ok).toBe(true);
  });

  it('refuses a wrong name, a file over 5 MB, and content without cues, each with its reason', async () => {
    expect(await previewSrt('talk.txt', enc(SRT))).toEqual({ ok: false, reason: 'notSubtitle' });
    expect(checkSrtName('big.srt', 5_242_881)).toBe('tooLarge');
    expect(checkSrtName('ok.srt', 5_242_880)).toBeNull();
    // refused content still says how it was read: another encoding may be the fix
    // issue 37: a transcript is refused for what it is, in the server's words
    expect(await previewSrt('empty.srt', enc('nothing to see here'))).toEqual({
      ok: false,
      content: 'SUBTITLE_PLAIN_TEXT',
      reading: {
        encoding: 'utf-8',
        source: 'detected',
        candidates: ['utf-8'],
        sample: ['nothing to see here'],
      },
    });
    // a WebVTT file with no cue is no subtitle file's content either way: no cue
    expect(await previewSrt('empty.vtt', enc('WEBVTT\n\nNOTE nothing yet\n'))).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
  });

  it('reads a Czech Windows-1250 file as the server does, with the language model (issue 37)', async () => {
    const czech =
      '1\r\n00:00:01,000 --> 00:00:02,000\r\nNezapomeň zavolat babičce.\r\n\r\n' +
      '2\r\n00:00:03,000 --> 00:00:04,000\r\nKáva vychladla, naleju ti další.\r\n';
    const check = await previewSrt('film.srt', new Uint8Array(iconv.encode(czech, 'windows-1250')));
    expect(check.ok && check.reading).toMatchObject({
      encoding: 'windows-1250',
      sample: ['Nezapomeň zavolat babičce.', 'Káva vychladla, naleju ti další.'],
    });
  });

  it('reads every subtitle format by its content, MicroDVD at the chosen frame rate (issue 37)', async () => {
    const vtt = 'WEBVTT\n\n00:01.000 --> 00:03.000\nGood morning, everyone here today.\n';
    const asVtt = await previewSrt('mislabelled.srt', enc(vtt));
    expect(asVtt.ok && asVtt.preview.format).toBe('vtt');
    const sub = '{25}{75}Good morning, everyone here today.\n';
    const assumed = await previewSrt('movie.sub', enc(sub));
    expect(assumed.ok && assumed.preview).toMatchObject({
      format: 'microdvd',
      frameRate: { fps: 23.976, fromFile: false },
      lines: [{ endMs: 3128 }],
    });
    const at25 = await previewSrt('movie.sub', enc(sub), undefined, 25);
    expect(at25.ok && at25.preview).toMatchObject({ frameRate: { fps: 25 }, lines: [{ endMs: 3000 }] });
    const ass =
      '[Script Info]\n\n[Events]\nDialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,{\\an8}Hello\\Nthere\n';
    const asAss = await previewSrt('sign.ass', enc(ass));
    // the sample is the dialogue's words, not the script's header nor the override tags
    expect(asAss.ok && asAss.reading.sample).toEqual(['Hello', 'there']);
  });

  it('detects as the server does, loading the trigram model only for Latin script', async () => {
    const cases = [
      ['你好，今天天气很好，我们一起去公园散步吧。', '明天见，晚安。'],
      ['Bonjour tout le monde, comment allez-vous aujourd’hui ?'],
      ['Xin chào, bạn khỏe không? Hôm nay trời đẹp quá.'],
      ['Lorem ipsum dolor sit amet, consectetur adipiscing elit.'],
    ];
    for (const lines of cases) {
      const srt = lines.map((l, i) => `${i + 1}\n00:00:0${i},000 --> 00:00:0${i},900\n${l}\n`).join('\n');
      const r = await previewSrt('x.srt', enc(srt));
      const server = detectLanguage(lines);
      expect(r.ok && [r.preview.detectedLanguage, r.preview.detectionUncertain], lines[0]).toEqual([
        server.language,
        server.method === 'fallback',
      ]);
    }
  });

  it('falls back to zh-CN for too little text', async () => {
    const r = await previewSrt('short.srt', enc('1\n00:00:01,000 --> 00:00:02,000\nHi\n'));
    expect(r.ok && r.preview.detectedLanguage).toBe('zh-CN');
  });
});
