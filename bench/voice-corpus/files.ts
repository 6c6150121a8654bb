import type { SourceLanguage, TargetLanguage } from './entities.js';

/**
 * The voice corpus (issue 26's bench): which SRT files the generator writes
 * (bench/voice-corpus/generate.ts), the names and terms each film's lines use (by their source,
 * from entities.ts), and the user's glossary for some of them (each entry asking for the first
 * rendering). The three episodes of the series share their names; episodes 2 and 3 bring one new
 * character each, and keep most of episode 1's.
 */
export interface VoiceFile {
  file: string;
  source: SourceLanguage;
  target: TargetLanguage;
  cues: number;
  /** the characters ({name} slots), places ({place}) and things ({thing}) of the film */
  characters: readonly string[];
  places: readonly string[];
  things: readonly string[];
  /** the sources of the entities the user's glossary holds */
  glossary: readonly string[];
  /** 1, 2, 3 for the episodes of the series */
  episode?: number;
}

const SERIES_PLACES = ['青石镇', '云栖寺'];
const SERIES_THINGS = ['玉麒麟', '归元剑'];
const SERIES_GLOSSARY = ['周慕白', '云栖寺'];

export const VOICE_CORPUS: readonly VoiceFile[] = [
  {
    file: 'en-manor.srt',
    source: 'en',
    target: 'zh-CN',
    cues: 1000,
    characters: ['Margaret', 'Edmund', 'Clara', 'Victor', 'Rosalind', 'Theodore', 'Beatrice', 'Oswald'],
    places: ['Greyfield Manor', 'Harrow Bridge'],
    things: ['Moonstone', 'Ledger of Thorns'],
    glossary: ['Edmund', 'Greyfield Manor', 'Moonstone'],
  },
  {
    file: 'en-harbour.srt',
    source: 'en',
    target: 'ja',
    cues: 600,
    characters: ['Harriet', 'Lionel', 'Agnes', 'Percival', 'Margaret', 'Victor', 'Clara', 'Edmund'],
    places: ['Blackwater Mill', 'Harrow Bridge'],
    things: ['Silver Compass', 'Moonstone'],
    glossary: ['Percival', 'Blackwater Mill', 'Silver Compass'],
  },
  {
    file: 'zh-teahouse.srt',
    source: 'zh-CN',
    target: 'en',
    cues: 800,
    characters: ['林晓月', '周慕白', '沈青禾', '陆远舟', '苏婉清', '顾长风', '唐小棠', '韩墨言'],
    places: ['望江楼', '青石镇'],
    things: ['百草图', '玉麒麟'],
    glossary: ['沈青禾', '望江楼', '百草图'],
  },
  {
    file: 'zh-mountain.srt',
    source: 'zh-CN',
    target: 'en',
    cues: 400,
    characters: ['宋知意', '许清川', '白芷晴', '程以安', '林晓月', '顾长风', '唐小棠', '周慕白'],
    places: ['云栖寺', '望江楼'],
    things: ['归元剑', '玉麒麟'],
    glossary: ['程以安', '归元剑'],
  },
  {
    file: 'ja-school.srt',
    source: 'ja',
    target: 'en',
    cues: 1200,
    characters: ['水野遥', '桐島蓮', '朝倉美月', '早瀬透', '東雲葵', '神崎隼人', '白石千夏', '柊真白'],
    places: ['白鷺高校', '月見坂'],
    things: ['風見鶏', '雪月花'],
    glossary: ['桐島蓮', '白鷺高校', '風見鶏'],
  },
  {
    file: 'ja-village.srt',
    source: 'ja',
    target: 'en',
    cues: 300,
    characters: ['藤堂健吾', '鳴海咲', '小鳥遊ひより', '久遠寺凛', '水野遥', '早瀬透', '東雲葵', '柊真白'],
    places: ['星降る丘', '月見坂'],
    things: ['黒猫の鍵', '雪月花'],
    glossary: ['鳴海咲', '黒猫の鍵'],
  },
  {
    file: 'zh-series-1.srt',
    source: 'zh-CN',
    target: 'en',
    cues: 450,
    characters: ['周慕白', '沈青禾', '陆远舟', '苏婉清', '宋知意', '许清川', '白芷晴', '程以安'],
    places: SERIES_PLACES,
    things: SERIES_THINGS,
    glossary: SERIES_GLOSSARY,
    episode: 1,
  },
  {
    file: 'zh-series-2.srt',
    source: 'zh-CN',
    target: 'en',
    cues: 450,
    characters: ['周慕白', '沈青禾', '陆远舟', '苏婉清', '宋知意', '许清川', '白芷晴', '韩墨言'],
    places: SERIES_PLACES,
    things: SERIES_THINGS,
    glossary: SERIES_GLOSSARY,
    episode: 2,
  },
  {
    file: 'zh-series-3.srt',
    source: 'zh-CN',
    target: 'en',
    cues: 450,
    characters: ['周慕白', '沈青禾', '陆远舟', '苏婉清', '宋知意', '许清川', '韩墨言', '唐小棠'],
    places: SERIES_PLACES,
    things: SERIES_THINGS,
    glossary: SERIES_GLOSSARY,
    episode: 3,
  },
];
