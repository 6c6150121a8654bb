import { describe, expect, it } from 'vitest';
import { normsFor } from './norms.js';
import {
  cjkNumeral,
  inSourceLanguage,
  inWrongScript,
  markupLost,
  numbersMissing,
  REVIEW_FLAGS,
  reviewFlags,
  type ReviewInput,
} from './review-flags.js';

const flags = (over: Partial<ReviewInput> & Pick<ReviewInput, 'source' | 'translation'>) =>
  reviewFlags({ sourceLang: 'en', targetLang: 'es', durationMs: 4000, ...over });

/** Clean translations: none of them may be flagged. [source, translation, from, to] */
const CLEAN: [string, string, string, string][] = [
  ['Where are you going tonight?', '¿Adónde vas esta noche?', 'en', 'es'],
  ['I told you, Bruce. We need to leave now.', 'Te lo dije, Bruce. Tenemos que irnos ya.', 'en', 'es'],
  ['OK.', 'OK.', 'en', 'es'],
  ['Bruce Wayne!', '¡Bruce Wayne!', 'en', 'es'],
  ['No.', 'No.', 'en', 'es'],
  ['Hotel California', 'Hotel California', 'en', 'es'],
  ['It costs 1,000 dollars.', 'Cuesta mil dólares.', 'en', 'es'],
  ['It costs 2,500 dollars.', 'Cuesta 2.500 dólares.', 'en', 'es'],
  ['We leave at 10:30.', 'Nos vamos a las diez y media.', 'en', 'es'],
  ['He was born in 1984.', 'Il est né en 1984.', 'en', 'fr'],
  ['I have three kids.', "J'ai trois enfants.", 'en', 'fr'],
  ['<i>Where is she?</i>', '<i>Où est-elle ?</i>', 'en', 'fr'],
  ['I need 2 tickets.', 'Ich brauche zwei Tickets.', 'en', 'de'],
  ['The meeting is on the 3rd floor.', 'Das Treffen ist im dritten Stock.', 'en', 'de'],
  ['Where are you going tonight?', '你今晚要去哪里？', 'en', 'zh-CN'],
  ['I bought a new iPhone yesterday.', '我昨天买了一部新iPhone。', 'en', 'zh-CN'],
  ['There were 15,000 people.', '当时有1.5万人。', 'en', 'zh-CN'],
  ['I have 3 kids.', '我有三个孩子。', 'en', 'zh-CN'],
  ['Call me at 5.', '五点给我打电话。', 'en', 'zh-CN'],
  ['He is famous.', '他很著名。', 'en', 'zh-CN'],
  ['OK, Bruce.', '好的，Bruce。', 'en', 'zh-CN'],
  ['Where are you going tonight?', '你今晚要去邊度？', 'en', 'zh-HK'],
  ['We have 20 minutes.', '我們還有二十分鐘。', 'en', 'zh-HK'],
  ['Where are you going tonight?', '今夜はどこに行くの？', 'en', 'ja'],
  ['I waited for 2 hours.', '２時間待った。', 'en', 'ja'],
  ['Good morning, everyone.', '안녕하세요, 여러분.', 'en', 'ko'],
  ['Where are you going?', 'Куда ты идёшь?', 'en', 'ru'],
  ['你今晚要去哪里？', 'Where are you going tonight?', 'zh-CN', 'en'],
  ['我有三个孩子。', 'I have three children.', 'zh-CN', 'en'],
  ['東京駅で会いましょう。', "Let's meet at Tokyo Station.", 'ja', 'en'],
  ['今日はいい天気ですね。', '今天天气真好。', 'ja', 'zh-CN'],
  ['你好，我叫李明。', 'こんにちは、李明です。', 'zh-CN', 'ja'],
  ['Куда ты идёшь?', 'Where are you going?', 'ru', 'en'],
];

describe('review flags: clean lines are not flagged', () => {
  it.each(CLEAN)('%s → %s', (source, translation, sourceLang, targetLang) => {
    expect(reviewFlags({ source, translation, sourceLang, targetLang, durationMs: 6000 })).toEqual([]);
  });
});

describe('review flags', () => {
  it('have stable names, answered in their order', () => {
    expect(REVIEW_FLAGS).toEqual([
      'kept-original',
      'source-language',
      'wrong-script',
      'over-budget',
      'numbers-missing',
      'markup-lost',
      'empty',
      'term-missing',
    ]);
    const all = flags({
      source: '<i>I have 15 cats here</i>',
      translation: 'x'.repeat(90),
      durationMs: 2000,
    });
    expect(all).toEqual(['over-budget', 'numbers-missing', 'markup-lost']);
  });

  it('kept-original comes from the caller and hides what follows from it', () => {
    const source = '<i>Where are you going with 15 people tonight?</i>';
    expect(flags({ source, translation: source, keptOriginal: true })).toEqual(['kept-original']);
    expect(flags({ source, translation: source, keptOriginal: true, durationMs: 1000 })).toEqual([
      'kept-original',
      'over-budget',
    ]);
  });

  it('empty: nothing visible, and nothing else checked', () => {
    expect(flags({ source: 'I have 3 cats.', translation: '' })).toEqual(['empty']);
    expect(flags({ source: 'Hi', translation: ' <i> </i> ' })).toEqual(['empty']);
    expect(flags({ source: 'Hi', translation: '', keptOriginal: true })).toEqual(['kept-original', 'empty']);
  });

  it('over-budget: more than the duration allows in the target’s counting', () => {
    expect(flags({ source: 'Hi', translation: 'a'.repeat(34), durationMs: 2000 })).toEqual([]);
    expect(flags({ source: 'Hi', translation: 'a'.repeat(35), durationMs: 2000 })).toEqual(['over-budget']);
    const zh = { source: 'Hi', sourceLang: 'en', targetLang: 'zh-CN', durationMs: 2000 };
    expect(reviewFlags({ ...zh, translation: '你'.repeat(18) })).toEqual([]);
    expect(reviewFlags({ ...zh, translation: '你'.repeat(19) })).toEqual(['over-budget']);
    // the user's norms
    expect(
      flags({
        source: 'Hi',
        translation: 'a'.repeat(35),
        durationMs: 2000,
        norms: normsFor('es', { cps: 20 }),
      }),
    ).toEqual([]);
  });
});

describe('source-language', () => {
  const check = (translation: string, sourceLang: string, targetLang: string, source = translation) =>
    inSourceLanguage({ source, translation, sourceLang, targetLang });

  it('flags a line that repeats the source', () => {
    expect(check('Where are you going tonight?', 'en', 'es')).toBe(true);
    expect(check('Where are you going tonight?', 'en', 'es', 'Where are you going tonight, Bruce?')).toBe(
      true,
    );
    expect(check('你今晚要去哪里？我们等你。', 'zh-CN', 'en')).toBe(true);
  });

  it('flags a line in the source’s script where the target writes another', () => {
    expect(check('Where are you going tonight?', 'en', 'zh-CN', 'Whatever')).toBe(true);
    expect(check('I think we should go', 'en', 'ja', 'x')).toBe(true);
    expect(check('Куда ты идёшь?', 'ru', 'en', 'x')).toBe(true);
    expect(check('今日はいい天気ですね', 'ja', 'zh-CN', 'x')).toBe(true);
    expect(check('你好吗', 'zh-CN', 'ko', 'x')).toBe(true);
  });

  it('flags a short line with no letter of the target script: a sentence’s capital is no name', () => {
    expect(check('Not again!', 'en', 'ja')).toBe(true);
    expect(check('Tom, wait!', 'en', 'zh-CN')).toBe(true);
    expect(check('- Go. - Come on!', 'en', 'zh-CN')).toBe(true);
    expect(check('11:15に', 'ja', 'en')).toBe(true);
    expect(check('2024年', 'zh-CN', 'en')).toBe(true);
    // a name alone, or one capitalised word, may stay as it is
    expect(check('Bruce Wayne!', 'en', 'zh-CN')).toBe(false);
    expect(check('Hello, Bruce.', 'en', 'ja')).toBe(false);
    expect(check('Run!', 'en', 'zh-CN')).toBe(false);
  });

  it('flags a long line the trigram model gives to the source when it shares words with it', () => {
    const source = 'I really do not know what we should do about the problem with the car.';
    expect(
      check('I really do not know qué deberíamos hacer about the problem with the car.', 'en', 'es', source),
    ).toBe(true);
  });

  it('does not flag names, numbers, short words, or a line in the target language', () => {
    expect(check('Bruce Wayne!', 'en', 'es')).toBe(false);
    expect(check('OK.', 'en', 'zh-CN')).toBe(false);
    expect(check('2024', 'en', 'zh-CN')).toBe(false);
    expect(check('好的，Bruce Wayne。', 'en', 'zh-CN', 'OK, Bruce Wayne.')).toBe(false);
    expect(check('¿Adónde vas esta noche?', 'en', 'es', 'Where are you going tonight?')).toBe(false);
    expect(check('Taxi!', 'en', 'fr')).toBe(false);
    expect(check('No, no, no, no!', 'en', 'es')).toBe(false);
  });

  it('does not flag Simplified against Traditional Chinese (wrong-script tells those)', () => {
    expect(check('你今晚要去哪里？我们等你。', 'zh-HK', 'zh-CN')).toBe(false);
  });
});

describe('wrong-script', () => {
  it('flags Traditional where Simplified was asked, and the reverse', () => {
    expect(inWrongScript('你們今晚要和他們去哪裡？', 'simplified')).toBe(true);
    expect(inWrongScript('你们今晚要和他们去哪里？', 'traditional')).toBe(true);
    expect(flags({ source: 'Go', translation: '這個問題很難', targetLang: 'zh-CN' })).toEqual([
      'wrong-script',
    ]);
    expect(flags({ source: 'Go', translation: '这个问题很难', targetLang: 'zh-HK' })).toEqual([
      'wrong-script',
    ]);
  });

  it('does not flag the script asked, nor a line with no character that differs between the two', () => {
    expect(inWrongScript('你们今晚要和他们去哪里？', 'simplified')).toBe(false);
    expect(inWrongScript('你們今晚要和他們去哪裡？', 'traditional')).toBe(false);
    // the same in both scripts
    expect(inWrongScript('你好', 'simplified')).toBe(false);
    expect(inWrongScript('你好', 'traditional')).toBe(false);
    expect(inWrongScript('他很著名。', 'simplified')).toBe(false);
    expect(inWrongScript('OK!', 'traditional')).toBe(false);
  });

  it('is checked for Chinese targets only', () => {
    expect(
      flags({ source: 'It is a problem.', translation: '問題です。', sourceLang: 'en', targetLang: 'ja' }),
    ).toEqual([]);
  });
});

describe('numbers-missing', () => {
  it('flags a number of the source missing from the translation', () => {
    expect(numbersMissing('I have 15 dollars.', '我有美元。', 'zh-CN')).toBe(true);
    expect(numbersMissing('It costs 1.5 million.', 'Cuesta 2 millones.', 'es')).toBe(true);
    expect(numbersMissing('We leave at 10:30.', 'Partimos a las 11.', 'es')).toBe(true);
    expect(numbersMissing('Room 3.', 'Habitación.', 'es')).toBe(true);
  });

  it('accepts equivalent writings', () => {
    expect(numbersMissing('I have 1,000 dollars.', '我有1000美元。', 'zh-CN')).toBe(false);
    expect(numbersMissing('I have 1,000 dollars.', '我有一千美元。', 'zh-CN')).toBe(false);
    expect(numbersMissing('I have 1,000 dollars.', 'J’ai 1 000 dollars.', 'fr')).toBe(false);
    expect(numbersMissing('I have 1,000 dollars.', 'Ich habe 1.000 Dollar.', 'de')).toBe(false);
    expect(numbersMissing('I have 2,000 dollars.', 'Tengo dos mil dólares.', 'es')).toBe(false);
    expect(numbersMissing('It costs 1.5 million.', 'Cuesta 1,5 millones.', 'es')).toBe(false);
    expect(numbersMissing('In 2024.', '二〇二四年。', 'ja')).toBe(false);
    expect(numbersMissing('Wait 3 minutes.', '３分待って。', 'ja')).toBe(false);
    expect(numbersMissing('Twelve is 12.', 'Doce es doce.', 'es')).toBe(false);
  });

  it('stays quiet where it cannot tell cheaply', () => {
    // ordinals, one-digit numbers in a language without a word list
    expect(numbersMissing('On the 3rd day.', 'Al tercer día.', 'es')).toBe(false);
    expect(numbersMissing('I have 2 cats.', 'Mam dwa koty.', 'pl')).toBe(false);
    expect(numbersMissing('No numbers here.', 'Nada.', 'es')).toBe(false);
  });

  it('reads Chinese and Japanese numerals', () => {
    expect(cjkNumeral('十五')).toBe(15);
    expect(cjkNumeral('三百二十')).toBe(320);
    expect(cjkNumeral('两千')).toBe(2000);
    expect(cjkNumeral('一万二千')).toBe(12000);
    expect(cjkNumeral('1.5万')).toBe(15000);
    expect(cjkNumeral('二〇二四')).toBe(2024);
  });
});

describe('markup-lost', () => {
  it('flags a tag of the source missing, unbalanced or closed before it opens', () => {
    expect(markupLost('<i>Hello</i>', 'Hola')).toBe(true);
    expect(markupLost('<i>Hello</i>', '<i>Hola')).toBe(true);
    expect(markupLost('<i>Hello</i>', '</i>Hola<i>')).toBe(true);
    expect(markupLost('{\\an8}Hello', 'Hola')).toBe(true);
    expect(markupLost('<font color="red">Hello</font>', '&lt;font color="red"&gt;Hola')).toBe(true);
  });

  it('flags a tag the translation added unbalanced', () => {
    expect(markupLost('Hello', '<b>Hola')).toBe(true);
  });

  it('accepts the same markup, a line broken with its tags repeated, and italics left open as in the source', () => {
    expect(markupLost('<i>Hello</i> there', '<i>Hola</i> a todos')).toBe(false);
    expect(markupLost('<i>Hello there, my friend</i>', '<i>Hola,</i>\n<i>amigo mío</i>')).toBe(false);
    expect(markupLost('<i>Hello there', '<i>Hola a todos')).toBe(false);
    expect(markupLost('{\\an8}Hello', '{\\an8}Hola')).toBe(false);
    expect(markupLost('Hello', 'Hola')).toBe(false);
  });
});

describe('names the task keeps (issue 36)', () => {
  const line = {
    source: 'Angel Dust and Weasel went to the bar with Wade.',
    translation: 'Angel Dust y Weasel fue a la barra con Wade.',
    sourceLang: 'en',
    targetLang: 'es',
    durationMs: 4000,
  };

  it('are no sign of a line left in the source language', () => {
    // read as English: four of its ten words are the source's, and names at that
    expect(reviewFlags(line)).toContain('source-language');
    expect(reviewFlags({ ...line, names: ['Angel Dust', 'Weasel', 'Wade'] })).not.toContain(
      'source-language',
    );
  });

  it('leave the rest of the line to be judged', () => {
    const copied = { ...line, translation: 'Angel Dust and Weasel went to the bar with Wade.' };
    expect(reviewFlags({ ...copied, names: ['Angel Dust', 'Weasel', 'Wade'] })).toContain('source-language');
  });
});
