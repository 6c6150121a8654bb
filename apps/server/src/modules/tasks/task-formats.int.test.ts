import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { parseAss, parseSrt, parseVtt } from '@subtrans/subtitles';
import { overridesAs } from '@subtrans/subtitles/override-tags';
import { API, type Task, type TaskWithSegments } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { grantPoints, uploadSrt } from '../../../test/support/tasks.js';
import { until } from '../../../test/support/until.js';
import { startOpenAiServer } from '../../../test/support/translation-servers.js';

const KEY = 'formats-key';

const VTT = `\uFEFFWEBVTT - from a web player

NOTE made by hand

intro
00:01.000 --> 00:03.500 align:start position:10%
<v Anna>Good morning, everyone.

00:00:04.000 --> 00:00:06.000
We start at <b>nine</b> today.
`;

const ASS = `[Script Info]
Title: Episode 1
ScriptType: v4.00+
PlayResX: 1920
PlayResY: 1080

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Arial,64,&H00FFFFFF,&H000000FF,&H00000000,&H64000000,0,0,0,0,100,100,0,0,1,2,1,2,40,40,40,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Comment: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,typeset check
Dialogue: 0,0:00:01.00,0:00:03.50,Default,Anna,0,0,0,,Good morning,\\Neveryone.
Dialogue: 0,0:00:04.00,0:00:06.00,Default,,0,0,0,,{\\i1}We start at nine{\\i0} today.
`;

const SSA = `[Script Info]
ScriptType: v4.00

[V4 Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, TertiaryColour, BackColour, Bold, Italic, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, AlphaLevel, Encoding
Style: Default,Arial,28,16777215,65535,65535,-2147483640,-1,0,1,3,0,2,30,30,30,0,0

[Events]
Format: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: Marked=0,0:00:01.00,0:00:03.50,Default,,0000,0000,0000,,Très bien, café crème.
Dialogue: Marked=0,0:00:04.00,0:00:06.00,Default,,0000,0000,0000,,À bientôt, déjà vu.
`;

const SBV = `0:00:01.000,0:00:03.500
Good morning, everyone.

0:00:04.000,0:00:06.000
We start at nine today.
`;

const TTML = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by an editing suite -->
<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
  <body>
    <div>
      <p begin="00:00:01.000" end="00:00:03.500">Good morning,<br/>everyone.</p>
      <p begin="4s" dur="2s"><span tts:fontStyle="italic">We start</span> at nine today.</p>
    </div>
  </body>
</tt>
`;

/** frames at 25 fps: 25 → 1 s, 87.5 → 3.5 s; Chinese text, saved in Big5 */
const MICRODVD = `{25}{87}早安，各位。\n{100}{150}我們今天九點開始。\n`;

describe(`subtitle files of every format through upload, translation and export (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({ queue: true, env: { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: engine.url } });
    const user = await t.signUp();
    token = user.token;
    await grantPoints(t, user.id, 1000);
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  const upload = async (name: string, data: Buffer | string, fields: Record<string, string> = {}) =>
    expectSuccess<Task>(await uploadSrt(t, token, { name, data }, { targetLanguage: 'ja', ...fields }));
  const full = async (task: Task) =>
    expectSuccess<TaskWithSegments>(await t.post('/task/get', { id: task.id }, { as: token }));
  const lines = async (task: Task) =>
    (await full(task)).segments.map((s) => [s.startTime, s.endTime, s.originalText]);

  const EN = [
    ['00:00:01,000', '00:00:03,500', 'Good morning,\neveryone.'],
    ['00:00:04,000', '00:00:06,000', 'We start at nine today.'],
  ];

  it.each([
    ['a WebVTT file with a BOM, a header, a note, an identifier and cue settings', 'talk.vtt', VTT, 'utf-8'],
    ['an ASS file in UTF-16 (comments and styles skipped)', 'episode.ass', ASS, 'utf-16le'],
    ['a YouTube SBV', 'captions.sbv', SBV, 'utf-8'],
    ['a TTML/DFXP with an XML declaration, a comment and a dur', 'export.dfxp', TTML, 'utf-8'],
    ['a WebVTT file in UTF-16BE without a BOM', 'be.vtt', VTT.slice(1), 'utf-16be'],
    ['an SBV in Windows-1252', 'cp.sbv', SBV, 'windows-1252'],
    ['a TTML in UTF-16LE with a BOM', 'le.ttml', TTML.replace('UTF-8', 'UTF-16'), 'utf-16le'],
  ])('reads %s, translates it and exports it with its times', async (_what, name, text, encoding) => {
    const bytes =
      encoding === 'utf-16le'
        ? Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')])
        : encoding === 'utf-16be'
          ? iconv.encode(text, 'utf-16be')
          : iconv.encode(text, encoding);
    const task = await upload(name, bytes);
    const read = await lines(task);
    expect(read.map(([s, e]) => [s, e])).toEqual(EN.map(([s, e]) => [s, e]));
    // the text as the file gives it: tags kept verbatim, as SRT's are
    expect(read[1]![2]).toContain('nine');
    expect(read[0]![2]).toMatch(/Good morning,\s*\n?\s*everyone\./);
    expect(task.detectedLanguage).toBe('en');

    expectSuccess(await t.post('/task/start', { id: task.id }, { as: token }));
    await until(async () => (await full(task)).status === 'completed');
    const done = await full(task);
    for (const format of ['srt', 'vtt', 'ass'] as const) {
      const body = (await t.post(API.taskExport, { id: task.id, format }, { as: token })).body;
      const cues = format === 'srt' ? parseSrt(body) : format === 'vtt' ? parseVtt(body) : parseAss(body);
      expect(cues.map((c) => [c.startMs, c.endMs])).toEqual([
        [1000, 3500],
        [4000, 6000],
      ]);
      // the translation (the local engine marks it), markup as the format has it
      // (the WebVTT cue set at the bottom left carries its place)
      expect(cues[0]!.text).toMatch(/^(?:\{\\an1\})?\[ja\] .*Good morning,/);
      expect(done.segments[0]!.translatedText).toContain('[ja]');
    }
  });

  it('reads an SSA file in Windows-1252 with its accents', async () => {
    const task = await upload('film.ssa', iconv.encode(SSA, 'windows-1252'), { originalLanguage: 'fr' });
    expect((await lines(task)).map((l) => l[2])).toEqual(['Très bien, café crème.', 'À bientôt, déjà vu.']);
  });

  it('reads a Big5 MicroDVD at the frame rate the user chose, else at 23.976', async () => {
    const big5 = iconv.encode(MICRODVD, 'big5');
    const at25 = await upload('movie.sub', big5, { frameRate: '25' });
    expect(await lines(at25)).toEqual([
      ['00:00:01,000', '00:00:03,480', '早安，各位。'],
      ['00:00:04,000', '00:00:06,000', '我們今天九點開始。'],
    ]);
    const assumed = await lines(await upload('movie.sub', big5));
    // 100 frames at 23.976 fps: 4.171 s
    expect(assumed[1]![0]).toBe('00:00:04,171');
    const zero = { targetLanguage: 'ja', frameRate: '0' };
    expectFailure(await uploadSrt(t, token, { name: 'm.sub', data: big5 }, zero), 40000, 400);
  });

  it('decides the format by content: WebVTT named .srt is read as WebVTT', async () => {
    const task = await upload('mislabelled.srt', VTT);
    expect((await lines(task)).map(([s, e]) => [s, e])).toEqual(EN.map(([s, e]) => [s, e]));
  });

  it('refuses a file with no subtitles, naming what it holds', async () => {
    const refusal = async (name: string, data: string, code: number) =>
      expectFailure(await uploadSrt(t, token, { name, data }, { targetLanguage: 'ja' }), code, 422).msg;
    expect(await refusal('notes.srt', 'Good morning everyone.\nWe start at nine today.\n', 42230)).toContain(
      '纯文本',
    );
    const page = '<!DOCTYPE html><html><head><title>x</title></head><body>hi</body></html>';
    expect(await refusal('page.vtt', page, 42231)).toContain('HTML');
    const rss = '<?xml version="1.0"?><rss><channel><title>x</title></channel></rss>';
    expect(await refusal('feed.xml', rss, 42232)).toContain('XML');
    expect(await refusal('data.srt', '[{"start": 1, "text": "hi"}]', 42233)).toContain('JSON');
    // a name that is no subtitle file's is refused before its content is read
    const txt = { name: 'notes.txt', data: SBV };
    expectFailure(await uploadSrt(t, token, txt, { targetLanguage: 'ja' }), 41500, 415);
  });

  it('translates a task made from ASS and exports it as SRT with the file’s times', async () => {
    const task = await upload('episode.ass', ASS);
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: token }));
    await until(async () => (await full(task)).status === 'completed');
    const done = await full(task);
    expect(done.segments.every((s) => s.translatedText.length > 0)).toBe(true);
    const srt = (await t.post(API.taskExport, { id: task.id }, { as: token })).body;
    const cues = parseSrt(srt);
    expect(cues.map((c) => [c.startMs, c.endMs])).toEqual([
      [1000, 3500],
      [4000, 6000],
    ]);
    // the override blocks as SRT's markup: players would print them
    expect(cues.map((c) => c.text)).toEqual(done.segments.map((s) => overridesAs(s.translatedText, 'srt')));
    expect(done.segments[1]!.translatedText).toMatch(/^\{\\i1\}/);
    expect(srt).not.toContain('{\\i');
    expect(cues[1]!.text).toMatch(/^<i>/);

    // issue 37 §3: the file itself again, only the dialogue's text translated
    const plain = await t.post(API.taskExport, { id: task.id, format: 'ass' }, { as: token });
    expect(plain.headers['content-type']).toMatch(/^text\/x-ssa/);
    expect(plain.headers['content-disposition']).toContain('episode.ja.ass');
    const texts = done.segments.map((s) => s.translatedText.replace(/\n/g, '\\N'));
    let k = 0;
    const expected = ASS.replace(/^(Dialogue:(?:[^,]*,){9}).*$/gm, (_l, head: string) => head + texts[k++]);
    expect(plain.body).toBe(expected);

    // bilingual: the original in a smaller copy of the file's Default style, above the translation
    const body = { id: task.id, format: 'ass', includeOriginal: true };
    const ass = await t.post(API.taskExport, body, { as: token });
    expect(ass.headers['content-disposition']).toContain('episode.ja.bilingual.ass');
    expect(ass.body).toMatch(/^Style: Default,Arial,64,/m);
    expect(ass.body).toMatch(/^Style: Original,Arial,45,/m);
    expect(ass.body).toContain('Comment: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,typeset check');
    const events = parseAss(ass.body);
    expect(events.map((c) => [c.startMs, c.endMs])).toEqual([
      [1000, 3500],
      [4000, 6000],
    ]);
    expect(events[0]!.text).toBe(
      `{\\rOriginal}Good morning,\neveryone.{\\r}\n${done.segments[0]!.translatedText}`,
    );
  });

  it('exports a task made from another format as ASS, styled for the target language', async () => {
    const task = await upload('captions.sbv', SBV);
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: token }));
    await until(async () => (await full(task)).status === 'completed');
    const body = { id: task.id, format: 'ass', includeOriginal: true };
    const ass = (await t.post(API.taskExport, body, { as: token })).body;
    expect(ass).toMatch(/^Style: Default,Noto Sans CJK JP,64,/m);
    expect(ass).toMatch(/^Style: Original,Arial,45,/m);
    // the original's size is the user's choice, within bounds
    const half = await t.post(API.taskExport, { ...body, originalScale: 0.5 }, { as: token });
    expect(half.body).toMatch(/^Style: Original,Arial,32,/m);
    expectFailure(await t.post(API.taskExport, { ...body, originalScale: 0.2 }, { as: token }), 40000, 400);
    expect(task.sourceFormat).toBe('sbv');
    expect(parseAss(ass).map((c) => [c.startMs, c.endMs])).toEqual([
      [1000, 3500],
      [4000, 6000],
    ]);
  });

  it('keeps the ASS file with the task and lets it go with the task', async () => {
    const task = await upload('keep.ass', ASS);
    expect(task.sourceFormat).toBe('ass');
    const kept = () =>
      t.ctx.db.query<{ format: string }>(`SELECT format FROM task_documents WHERE task_id = $1`, [task.id]);
    expect(await kept()).toEqual([{ format: 'ass' }]);
    // an SRT task keeps none
    const srt = await upload('plain.vtt', VTT);
    expect(await t.ctx.db.query(`SELECT 1 FROM task_documents WHERE task_id = $1`, [srt.id])).toEqual([]);
    expectSuccess(await t.post('/task/delete', { id: task.id }, { as: token }));
    expect(await kept()).toEqual([]);
  });

  it('carries a cue at the top of the picture from WebVTT to SRT, ASS and WebVTT', async () => {
    const vtt = VTT.replace('00:00:04.000 --> 00:00:06.000', '00:00:04.000 --> 00:00:06.000 line:0');
    const task = await upload('top.vtt', vtt);
    expect((await lines(task))[1]![2]).toMatch(/^\{\\an8\}We start/);
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: token }));
    await until(async () => (await full(task)).status === 'completed');
    const out = async (format: string) =>
      (await t.post(API.taskExport, { id: task.id, format }, { as: token })).body;
    // the engine never saw the tag; the translation keeps it where it stood
    expect((await full(task)).segments[1]!.translatedText).toMatch(/^\{\\an8\}\[ja\] /);
    expect(parseSrt(await out('srt'))[1]!.text).toMatch(/^\{\\an8\}\[ja\] /);
    expect(await out('vtt')).toMatch(/^00:00:04\.000 --> 00:00:06\.000 line:0\n\[ja\] /m);
    expect(parseAss(await out('ass'))[1]!.text).toMatch(/^\{\\an8\}\[ja\] /);
  });

  it('carries a TTML cue’s place and colours, and leaves WebVTT speakers out of SRT and ASS', async () => {
    const ttml = TTML.replace(
      '<body>',
      '<head><layout><region xml:id="mid" tts:displayAlign="center" tts:textAlign="left"/></layout></head><body>',
    ).replace('<p begin="4s" dur="2s">', '<p begin="4s" dur="2s" region="mid" tts:color="#FFFF00">');
    const task = await upload('coloured.ttml', ttml);
    expect((await lines(task))[1]![2]).toBe(
      '{\\an4}<font color="#ffff00"><i>We start</i> at nine today.</font>',
    );
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: token }));
    await until(async () => (await full(task)).status === 'completed');
    const out = async (id: string, format: string) =>
      (await t.post(API.taskExport, { id, format }, { as: token })).body;
    expect(parseSrt(await out(task.id, 'srt'))[1]!.text).toMatch(
      /^\{\\an4\}\[ja\] <font color="#ffff00">.*nine today/s,
    );
    const vtt = await out(task.id, 'vtt');
    expect(vtt).toContain('STYLE\n::cue(.yellow) { color: #ffff00; }\n');
    expect(vtt).toMatch(
      /^00:00:04\.000 --> 00:00:06\.000 line:50%,center position:0% align:start\n\[ja\] <c\.yellow>/m,
    );
    expect(parseAss(await out(task.id, 'ass'))[1]!.text).toMatch(
      /^\{\\an4\}\[ja\] \{\\c&H00FFFF&\}.*nine today/s,
    );

    const speaker = await upload('speaker.vtt', VTT);
    expectSuccess(await t.post('/task/start', { id: speaker.id }, { as: token }));
    await until(async () => (await full(speaker)).status === 'completed');
    expect(await out(speaker.id, 'vtt')).toContain('<v Anna>');
    expect(await out(speaker.id, 'srt')).not.toContain('<v');
    expect(await out(speaker.id, 'ass')).not.toContain('<v');
  });
});
