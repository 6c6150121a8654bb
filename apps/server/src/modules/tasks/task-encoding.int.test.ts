import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { API, type Task, type TaskWithSegments, type UiLanguage } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { uploadSrt } from '../../../test/support/tasks.js';

const LINES = ['こんにちは、世界。今日はいい天気ですね。', '私の名前は田中です。よろしくお願いします。'];
const SRT = LINES.map((l, i) => `${i + 1}\r\n00:00:0${i},000 --> 00:00:0${i},900\r\n${l}\r\n`).join('\r\n');
const SHIFT_JIS = iconv.encode(SRT, 'shift_jis');

describe(`the encoding of an uploaded SRT (${TEST_DB})`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    token = (await t.signUp()).token;
  });
  afterAll(() => t.close());

  const texts = async (task: Task) => {
    const full = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id: task.id }, { as: token }));
    return full.segments.map((s) => s.originalText);
  };

  it('detects Shift-JIS and keeps the Japanese intact', async () => {
    const task = expectSuccess<Task>(
      await uploadSrt(t, token, { name: 'anime.srt', data: SHIFT_JIS }, { targetLanguage: 'en' }),
    );
    expect(task.detectedLanguage).toBe('ja');
    expect(await texts(task)).toEqual(LINES);
  });

  it('reads the file in the encoding the user chose instead of the detected one', async () => {
    const fields = { targetLanguage: 'en', originalLanguage: 'ja', encoding: 'windows-1252' };
    const task = expectSuccess<Task>(await uploadSrt(t, token, { name: 'a.srt', data: SHIFT_JIS }, fields));
    const read = await texts(task);
    // こんにちは in Shift-JIS, each byte read as Windows-1252
    expect(read[0]).toMatch(/^‚±‚ñ‚É‚¿‚Í/);
    expect(read).not.toContain(LINES[0]);
    const chosen = { ...fields, encoding: 'shift_jis' };
    const right = expectSuccess<Task>(await uploadSrt(t, token, { name: 'b.srt', data: SHIFT_JIS }, chosen));
    expect(await texts(right)).toEqual(LINES);
  });

  it('refuses an encoding it does not read, naming the field in the caller’s language', async () => {
    const fields = { targetLanguage: 'en', encoding: 'ebcdic' };
    const file = { name: 'a.srt', data: SHIFT_JIS };
    // the message is in the signed-in user's language
    const refusal = async (language: UiLanguage) => {
      expectSuccess(await t.post(API.updateProfile, { language }, { as: token }));
      return expectFailure(await uploadSrt(t, token, file, fields), 40000, 400).msg;
    };
    expect(await refusal('en')).toBe('Invalid request: file encoding is not a supported value');
    expect(await refusal('ja')).toContain('ファイルの文字コード');
    expect(await refusal('zh')).toBe('请求参数有误：文件编码不是支持的取值');
  });
});
