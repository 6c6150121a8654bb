import type { BankLanguage, Kind } from './bank.js';

/**
 * The quality corpus: which SRT files the generator writes (bench/quality-corpus/generate.ts) and
 * the language each is translated into by the quality bench. Source codes are SPEC §3's; targets
 * cover both Chinese scripts (zh-CN Simplified, zh-HK Traditional), Japanese and English.
 */
export interface CorpusFile {
  file: string;
  source: 'en' | 'zh-CN' | 'ja';
  target: 'zh-CN' | 'zh-HK' | 'ja' | 'en';
  kind: Kind;
  cues: number;
}

export const CORPUS: readonly CorpusFile[] = [
  { file: 'en-dialogue-1.srt', source: 'en', target: 'zh-CN', kind: 'dialogue', cues: 900 },
  { file: 'en-documentary-1.srt', source: 'en', target: 'zh-CN', kind: 'documentary', cues: 600 },
  { file: 'en-fast-1.srt', source: 'en', target: 'zh-CN', kind: 'fast', cues: 1200 },
  { file: 'en-dialogue-2.srt', source: 'en', target: 'zh-HK', kind: 'dialogue', cues: 500 },
  { file: 'en-documentary-2.srt', source: 'en', target: 'ja', kind: 'documentary', cues: 400 },
  { file: 'en-fast-2.srt', source: 'en', target: 'ja', kind: 'fast', cues: 700 },
  { file: 'zh-dialogue.srt', source: 'zh-CN', target: 'en', kind: 'dialogue', cues: 800 },
  { file: 'zh-documentary.srt', source: 'zh-CN', target: 'en', kind: 'documentary', cues: 500 },
  { file: 'zh-fast.srt', source: 'zh-CN', target: 'en', kind: 'fast', cues: 1000 },
  { file: 'ja-dialogue.srt', source: 'ja', target: 'en', kind: 'dialogue', cues: 700 },
  { file: 'ja-documentary.srt', source: 'ja', target: 'en', kind: 'documentary', cues: 300 },
  { file: 'ja-fast.srt', source: 'ja', target: 'en', kind: 'fast', cues: 900 },
];

/** The phrase bank of a language code. */
export const bankLanguageOf = (code: string): BankLanguage =>
  code.startsWith('zh') ? 'zh' : code === 'ja' ? 'ja' : 'en';
