import { describe, expect, it } from 'vitest';
import { detectLanguage } from './trigram.js';

const d = (...lines: string[]) => detectLanguage(lines);

describe('language detection (SPEC §5)', () => {
  it('answers zh-CN for fewer than 10 letters, whatever they are', () => {
    expect(d('Hi', 'OK!')).toEqual({ language: 'zh-CN', method: 'short' });
    expect(d('<i>12345 67890</i>')).toEqual({ language: 'zh-CN', method: 'short' });
  });

  it.each([
    [['你好，今天天气很好，我们一起去公园散步吧。'], 'zh-CN'],
    [['你們好，這個週末我們會去看電影，說好了嗎？'], 'zh-HK'],
    [['こんにちは、今日はとても良い天気ですね。散歩に行きましょう。'], 'ja'],
    [['안녕하세요, 오늘 날씨가 정말 좋네요. 산책하러 갈까요?'], 'ko'],
    [['Привет, как дела? Сегодня прекрасная погода для прогулки.'], 'ru'],
    [['Привіт, як справи? Сьогодні чудова погода, ї є ґ.'], 'uk'],
    [['مرحبا، كيف حالك اليوم؟ الطقس جميل جدا للمشي.'], 'ar'],
    [['שלום, מה שלומך היום? מזג האוויר יפה מאוד.'], 'he'],
    [['สวัสดีครับ วันนี้อากาศดีมาก ไปเดินเล่นกันไหม'], 'th'],
    [['नमस्ते, आज मौसम बहुत अच्छा है। चलो टहलने चलते हैं।'], 'hi'],
  ])('recognises the writing system of %j', (lines, language) => {
    expect(detectLanguage(lines)).toEqual({ language, method: 'script' });
  });

  it.each([
    [['The quick brown fox jumps over the lazy dog.', 'Where are you going tonight?'], 'en'],
    [['Bonjour tout le monde, comment allez-vous aujourd’hui ?'], 'fr'],
    [['Hola, ¿cómo estás? Me llamo Juan y vivo en Madrid.'], 'es'],
    [['Hallo, wie geht es dir heute? Ich wohne in Berlin.'], 'de'],
    [['Xin chào, bạn khỏe không? Hôm nay trời đẹp quá.'], 'vi'],
  ])('asks the trigram model for Latin script: %j', (lines, language) => {
    expect(detectLanguage(lines)).toEqual({ language, method: 'trigram' });
  });

  it('ignores markup when counting', () => {
    expect(d('<font color="#ffffff">{\\an8}你好，今天天气很好，我们一起去公园散步吧。</font>').language).toBe(
      'zh-CN',
    );
  });
});
