import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { decodeSubtitleBytes } from './decode.js';
import { SUBTITLE_ENCODINGS, type SubtitleEncoding } from './encoding-names.js';
import { parseSrt } from './srt.js';
import { trigramLanguage } from './trigram.js';

/** a few lines of each script, as a subtitle would hold them */
const TEXTS = {
  japanese:
    'こんにちは、世界。今日はいい天気ですね。\n私の名前は田中です。よろしくお願いします。\nこれは字幕のテストです。明日また会いましょう。',
  simplified: '你好，世界。今天天气很好。\n我的名字是张伟。请多关照。\n这是一个字幕测试。我们明天见。',
  traditional: '你好，世界。今天天氣很好。\n我的名字是張偉。請多關照。\n這是一個字幕測試。我們明天見。',
  korean:
    '안녕하세요, 세계. 오늘 날씨가 좋네요.\n제 이름은 김철수입니다. 잘 부탁드립니다.\n이것은 자막 테스트입니다.',
  french:
    "Bonjour à tous. C'est l'été, il fait très beau.\nÇa va ? Où est le garçon ? Voilà, déjà fini.\nUne façade naïve, un cœur brisé… « Merci ! »",
  german:
    'Grüß Gott! Die Straße ist schön.\nÜber den Fluss gehen wir zu Fuß.\nMädchen und Jungen spielen fröhlich.',
  spanish:
    '¿Dónde está la estación? ¡Qué día más bonito!\nEl niño comió jamón y piña.\nMañana será otro día, señor.',
  russian:
    'Привет, мир. Сегодня хорошая погода.\nМеня зовут Иван. Очень приятно.\nЭто проверка субтитров, до завтра.',
  polish:
    'Zażółć gęślą jaźń. Dzień dobry, proszę pana.\nŁódź jest dużym miastem w Polsce.\nŚwięta są już wkrótce, cieszę się.',
  greek:
    'Γεια σου κόσμε. Σήμερα είναι ωραία μέρα.\nΜε λένε Γιώργο. Χαίρω πολύ.\nΑυτό είναι μια δοκιμή υποτίτλων.',
  turkish:
    'Merhaba dünya. Bugün hava çok güzel.\nBenim adım Ayşe. Tanıştığımıza memnun oldum.\nBu bir altyazı denemesi, değil mi?',
};

/** the text as an SRT file, a line a cue, with Windows line ends */
const srt = (text: string) =>
  text
    .split('\n')
    .map((line, i) => `${i + 1}\r\n00:00:0${i},000 --> 00:00:0${i},900\r\n${line}\r\n`)
    .join('\r\n');

const encode = (text: string, encoding: string, bom = false) =>
  new Uint8Array(iconv.encode(srt(text), encoding, { addBOM: bom }));

const CORPUS: [keyof typeof TEXTS, SubtitleEncoding][] = [
  ['japanese', 'shift_jis'],
  ['japanese', 'euc-jp'],
  ['simplified', 'gb18030'],
  ['traditional', 'big5'],
  ['korean', 'euc-kr'],
  ['french', 'windows-1252'],
  ['german', 'windows-1252'],
  ['spanish', 'windows-1252'],
  ['russian', 'windows-1251'],
  ['russian', 'koi8-r'],
  ['polish', 'windows-1250'],
  ['polish', 'iso-8859-2'],
  ['greek', 'iso-8859-7'],
  ['turkish', 'windows-1254'],
];

describe('the encoding of a subtitle file', () => {
  it.each(CORPUS)('reads %s in %s', (language, encoding) => {
    const decoded = decodeSubtitleBytes(encode(TEXTS[language], encoding));
    expect(decoded.encoding).toBe(encoding);
    expect(decoded.source).toBe('detected');
    expect(parseSrt(decoded.text).map((c) => c.text)).toEqual(TEXTS[language].split('\n'));
  });

  it.each(Object.keys(TEXTS) as (keyof typeof TEXTS)[])(
    'reads %s in every Unicode form, with or without a BOM',
    (language) => {
      const lines = TEXTS[language].split('\n');
      for (const encoding of ['utf-8', 'utf-16le', 'utf-16be', 'utf-32le', 'utf-32be'] as const) {
        for (const bom of [true, false]) {
          const decoded = decodeSubtitleBytes(encode(TEXTS[language], encoding, bom));
          expect([encoding, bom, decoded.encoding, decoded.source]).toEqual([
            encoding,
            bom,
            encoding,
            bom ? 'bom' : 'detected',
          ]);
          expect(parseSrt(decoded.text).map((c) => c.text)).toEqual(lines);
        }
      }
    },
  );

  it('reads a Windows-1253 file right although its bytes are ISO-8859-7 as well', () => {
    const decoded = decodeSubtitleBytes(encode(TEXTS.greek, 'windows-1253'));
    expect(parseSrt(decoded.text).map((c) => c.text)).toEqual(TEXTS.greek.split('\n'));
  });

  it('reads ISO-2022-JP, which is 7-bit and so valid UTF-8 too, by its escapes', () => {
    // "こんにちは" in JIS X 0208 between ESC $ B and ESC ( B (iconv-lite cannot write ISO-2022-JP)
    const jis = [0x24, 0x33, 0x24, 0x73, 0x24, 0x4b, 0x24, 0x41, 0x24, 0x4f];
    const head = [...new TextEncoder().encode('1\n00:00:01,000 --> 00:00:02,000\n')];
    const bytes = new Uint8Array([...head, 0x1b, 0x24, 0x42, ...jis, 0x1b, 0x28, 0x42, 0x0a]);
    const decoded = decodeSubtitleBytes(bytes);
    expect(decoded.encoding).toBe('iso-2022-jp');
    expect(parseSrt(decoded.text)[0]!.text).toBe('こんにちは');
  });

  it('offers the likely encodings best first, the one read first', () => {
    const decoded = decodeSubtitleBytes(encode(TEXTS.japanese, 'shift_jis'));
    expect(decoded.candidates[0]).toBe('shift_jis');
    expect(decoded.candidates.every((e) => SUBTITLE_ENCODINGS.includes(e))).toBe(true);
    expect(new Set(decoded.candidates).size).toBe(decoded.candidates.length);
  });

  it('reads a two-character file in the encoding the user chooses, whatever the guess', () => {
    // "中文" in GBK: too little for any detector to be sure
    const bytes = encode('中文', 'gbk');
    const chosen = decodeSubtitleBytes(bytes, 'gb18030');
    expect(chosen).toMatchObject({ encoding: 'gb18030', source: 'chosen' });
    expect(parseSrt(chosen.text)[0]!.text).toBe('中文');
    expect(chosen.candidates[0]).toBe('gb18030');
    const sjis = decodeSubtitleBytes(encode(TEXTS.japanese, 'shift_jis'), 'windows-1252');
    expect(sjis.encoding).toBe('windows-1252');
    expect(sjis.text).not.toContain('こんにちは');
  });

  it('takes a chosen encoding’s own BOM off, and keeps reading in the chosen one', () => {
    const decoded = decodeSubtitleBytes(encode(TEXTS.korean, 'utf-16le', true), 'utf-16le');
    expect(decoded.text.startsWith('1\r\n')).toBe(true);
  });

  it('never throws, whatever the bytes and the choice', () => {
    const noise = Uint8Array.from({ length: 3001 }, (_, i) => (i * 7919 + 13) % 256);
    for (const encoding of [undefined, ...SUBTITLE_ENCODINGS]) {
      const decoded = decodeSubtitleBytes(noise, encoding);
      expect(typeof decoded.text).toBe('string');
      expect(decoded.text.includes('\u0000')).toBe(false);
    }
    expect(decodeSubtitleBytes(new Uint8Array()).text).toBe('');
  });

  it('samples a large file for the detector: its late non-ASCII lines still decide', () => {
    const filler = srt('Just plain ASCII text here.\n'.repeat(3000).trim());
    const tail = srt(TEXTS.japanese);
    const bytes = new Uint8Array([...iconv.encode(filler, 'ascii'), ...iconv.encode(tail, 'shift_jis')]);
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const decoded = decodeSubtitleBytes(bytes);
    expect(decoded.encoding).toBe('shift_jis');
    expect(decoded.text).toContain('こんにちは');
  });
});

describe('Latin and Arabic code pages on a few lines (issue 37 bench misses)', () => {
  const srt = (lines: string[]) =>
    lines.map((l, i) => `${i + 1}\r\n00:00:0${i},000 --> 00:00:0${i},900\r\n${l}\r\n`).join('\r\n');
  const CZECH = srt([
    'Nezapomeň zavolat babičce.',
    'Pracuje tady už deset let.\r\nKáva vychladla, naleju ti další.',
  ]);
  const LITHUANIAN = srt([
    'Ačiū, kad visada esi šalia.\r\nKą pasakei? Negirdėjau.',
    'Kur artimiausia vaistinė?\r\nGydytojas sakė, kad tau reikia kelias dienas pailsėti.',
  ]);
  const ARABIC = srt(['لا أجد مفاتيحي.\r\nطلبت مني أمي أن أعود مبكرًا.', 'لا أجد مفاتيحي.']);
  const read = (text: string, encoding: string, opts = { languageOf: trigramLanguage }) =>
    decodeSubtitleBytes(new Uint8Array(iconv.encode(text, encoding)), undefined, opts);

  it('takes the code page whose reading is in a language it serves', () => {
    // the byte statistics alone rank Windows-1252 first: "babièce"
    const guessed = decodeSubtitleBytes(new Uint8Array(iconv.encode(CZECH, 'windows-1250')));
    expect(guessed).toMatchObject({ encoding: 'windows-1252', languageMatters: true });
    expect(guessed.candidates).toContain('windows-1250');
    expect(read(CZECH, 'windows-1250')).toMatchObject({ encoding: 'windows-1250', text: CZECH });
    expect(read(LITHUANIAN, 'windows-1257')).toMatchObject({ encoding: 'windows-1257', text: LITHUANIAN });
    // French stays Windows-1252, and nothing asks for the model
    const french = srt(['Ça va très bien, merci.', 'À bientôt, je t’appelle demain.']);
    expect(read(french, 'windows-1252').text).toBe(french);
  });

  it('drops a code page that has no character for a byte of the file', () => {
    expect(read(ARABIC, 'windows-1256')).toMatchObject({ encoding: 'windows-1256', text: ARABIC });
    expect(
      decodeSubtitleBytes(new Uint8Array(iconv.encode(ARABIC, 'windows-1256'))).candidates,
    ).not.toContain('iso-8859-8');
  });
});
