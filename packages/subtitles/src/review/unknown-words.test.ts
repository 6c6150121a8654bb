import { describe, expect, it } from 'vitest';
import { reviewFlags } from '../review-flags.js';
import { copiedWords, foreignWords, namesInSources, untranslatedWords } from './unknown-words.js';

describe('words an engine could not translate (issue 36)', () => {
  it('counts ordinary words, not names, in a line in lower case', () => {
    expect(
      untranslatedWords(['grunts', 'Wade', 'lonesome'], 'Wade grunts y está lonesome.', ['Wade']),
    ).toEqual(['grunts', 'lonesome']);
    // a capital inside a sentence is a name's
    expect(untranslatedWords(['Wade', 'Vanessa'], 'Ven con Wade y Vanessa.')).toEqual([]);
  });

  it('counts a capitalised word opening a sentence, unless it is named', () => {
    expect(untranslatedWords(['Lonesome'], 'Lonesome vaquero, montando.')).toEqual(['Lonesome']);
    expect(untranslatedWords(['Hey', 'Dude'], '¡Hey, Vanessa! Dude, ven.')).toEqual(['Hey', 'Dude']);
    expect(untranslatedWords(['Dopinder'], 'Dopinder, conduce.', ['Dopinder'])).toEqual([]);
    // a multi-word name counts by its words, in any case
    expect(untranslatedWords(['Negasonic'], 'Negasonic, ven.', ['Negasonic Teenage Warhead'])).toEqual([]);
    expect(untranslatedWords(['WADE'], '¡WADE, PARA!', ['Wade'])).toEqual([]);
  });

  it('counts words in capitals in a line in capitals (a sound label)', () => {
    expect(untranslatedWords(['GRUNTS'], '(GRUNTS)')).toEqual(['GRUNTS']);
  });

  it('finds the names a source shows inside its sentences, not at their start', () => {
    const names = namesInSources([
      'Dopinder, drive faster.',
      'Shut up and drive, Dopinder.',
      'Hey, Vanessa. Long time.',
      'Lonesome cowboy.\nWade Wilson, <i>you</i> and I are done.',
      '- Yeah.\n- Right, GRUNTS.',
    ]);
    expect([...names].sort()).toEqual(['Dopinder', 'Vanessa', 'Wilson']);
  });

  it('flags the line as still in the source language, only for such words', () => {
    const line = (translation: string, unknownWords: string[], sourceNames?: Set<string>) =>
      reviewFlags({
        source: 'He grunts and chuckles.',
        translation,
        sourceLang: 'en',
        targetLang: 'es',
        durationMs: 3000,
        unknownWords,
        sourceNames,
      });
    expect(line('Él grunts y chuckles.', ['grunts', 'chuckles'])).toContain('source-language');
    expect(line('Él gruñe y se ríe, Wade.', ['Wade'])).not.toContain('source-language');
    expect(line('Wade, él gruñe y se ríe.', ['Wade'])).toContain('source-language');
    expect(line('Wade, él gruñe y se ríe.', ['Wade'], new Set(['Wade']))).not.toContain('source-language');
    expect(line('Él gruñe y se ríe.', [])).not.toContain('source-language');
  });
});

describe('source words a line in another script keeps (issue 36)', () => {
  it('are the Latin words the source line has too, in any case', () => {
    expect(copiedWords('Dude, that was totally awesome.', '老兄，那真是太 awesome 了。')).toEqual([
      'awesome',
    ]);
    expect(copiedWords('Holy crap, did you see that?', 'Holy crap，你看到了吗？')).toEqual(['Holy', 'crap']);
    expect(copiedWords('(GRUNTS)', '（GRUNTS）')).toEqual(['GRUNTS']);
    expect(copiedWords('(SOBS)', '（SOBS）')).toEqual(['SOBS']);
    // a Latin word the source does not have is the translator's own
    expect(copiedWords('Send it by mail.', '用 email 发。')).toEqual([]);
    expect(copiedWords('I am fine.', '我很好。')).toEqual([]);
  });

  it('leave out names, abbreviations, brands and words with a digit', () => {
    const names = () => ['Wade Wilson', 'Dopinder'];
    expect(copiedWords('Wade Wilson, you are under arrest.', '韦德·Wilson，你被捕了。', names)).toEqual([]);
    expect(copiedWords('Dopinder, drive faster.', 'Dopinder，开快点。', names)).toEqual([]);
    expect(copiedWords('Dopinder, drive faster.', 'Dopinder，开快点。')).toEqual(['Dopinder']);
    expect(copiedWords('Meet me at the Starbucks.', '在 Starbucks 见我。')).toEqual([]);
    expect(copiedWords('The FBI found his DNA.', 'FBI 发现了他的 DNA。')).toEqual([]);
    expect(copiedWords('He posted it on YouTube from his iPhone.', '他用 iPhone 发到 YouTube。')).toEqual([]);
    expect(copiedWords('It is in 4K, not MP3.', '这是 4K 的，不是 MP3。')).toEqual([]);
  });

  it('flag the line as still in the source language, from a Latin source into another script only', () => {
    const flags = (translation: string, targetLang: string, sourceLang = 'en') =>
      reviewFlags({
        source: 'My pancakes are getting cold, Wade.',
        translation,
        sourceLang,
        targetLang,
        durationMs: 3000,
        sourceNames: () => new Set(['Wade']),
      });
    expect(flags('我的 pancakes 要凉了，韦德。', 'zh')).toContain('source-language');
    expect(flags('パンケーキが冷めちゃう、Wade。', 'ja')).not.toContain('source-language');
    expect(flags('パンケーキが冷めちゃう、Wade。', 'ja', 'auto')).not.toContain('source-language');
    expect(flags('我的 pancakes 要凉了。', 'zh', 'auto')).toContain('source-language');
    // the same script: a word both languages write alike proves nothing here
    expect(flags('Mis pancakes se enfrían, Wade.', 'es')).not.toContain('source-language');
  });
});

describe('source words a line in the same script keeps (issue 36)', () => {
  const spanish = new Set(['mis', 'se', 'enfrían', 'enfrian', 'toma', 'un', 'taxi', 'al', 'hotel', 'no']);
  const isSpanish = (w: string) => spanish.has(w);

  it('are the copied words the target’s lexicon does not know', () => {
    expect(foreignWords('My pancakes are getting cold.', 'Mis pancakes se enfrían.', isSpanish)).toEqual([
      'pancakes',
    ]);
    expect(foreignWords('Take a taxi to the hotel.', 'Toma un taxi al hotel.', isSpanish)).toEqual([]);
    expect(foreignWords('Hey, Wade.', 'Hey, Wade.', isSpanish, () => ['Wade'])).toEqual(['Hey']);
  });

  it('are no name the source’s lexicon does not know, even alone on a line (issue 36)', () => {
    const english = new Set(['nope', 'hey', 'wade']);
    const isEnglish = (w: string) => english.has(w);
    // a name opening its only line: shown nowhere inside a sentence, unknown to English
    expect(foreignWords('Kira?', 'Kira?', isSpanish)).toEqual(['Kira']);
    expect(foreignWords('Kira?', 'Kira?', isSpanish, () => [], isEnglish)).toEqual([]);
    expect(copiedWords('Kira?', 'Kira？', () => [], isEnglish)).toEqual([]);
    // English words keep their flag, capitalised or not; slang unknown to the list is lowercase
    expect(foreignWords('Nope, Kira.', 'Nope, Kira.', isSpanish, () => [], isEnglish)).toEqual(['Nope']);
    // a name that is also an English word, alone, still needs the task's terms to be known as one
    expect(foreignWords('Wade?', 'Wade?', isSpanish, () => [], isEnglish)).toEqual(['Wade']);
    expect(copiedWords('We gotta go.', '我们 gotta 走。', () => [], isEnglish)).toEqual(['gotta']);
    // a contraction is known by its word
    expect(copiedWords("Nope's the word.", "Nope's 就是答案。", () => [], isEnglish)).toEqual(["Nope's"]);
    // the source's capital decides, not the line's: German writes a noun capitalised
    const german = (w: string) => ['das', 'ist', 'eine'].includes(w);
    expect(
      foreignWords('This is a bromance.', 'Das ist eine Bromance.', german, () => [], isEnglish),
    ).toEqual(['Bromance']);
  });

  it('flag the line only where the server gave the target’s lexicon', () => {
    const flags = (targetWords?: (w: string) => boolean) =>
      reviewFlags({
        source: 'My pancakes are getting cold.',
        translation: 'Mis pancakes se enfrían.',
        sourceLang: 'en',
        targetLang: 'es',
        durationMs: 3000,
        ...(targetWords && { targetWords }),
      });
    expect(flags(isSpanish)).toContain('source-language');
    expect(flags()).not.toContain('source-language');
    expect(flags(() => true)).not.toContain('source-language');
  });
});
