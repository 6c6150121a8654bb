import { API, type UiLanguage } from '@subtrans/contract';

type Label = Readonly<Record<UiLanguage, string>>;
const L = (zh: string, en: string, ja: string): Label => ({ zh, en, ja });

/**
 * The labels of issue 26's task fields (the user's voice, the film brief), kept beside
 * field-labels.ts, which takes them in. `{n}` is the position (from 1) of the list item.
 */
export const VOICE_LABELS = {
  glossaryIds: L('术语表', 'glossaries', '用語集'),
  glossaryIdItem: L('第 {n} 个术语表', 'glossary {n}', '{n} 番目の用語集'),
  seriesId: L('系列', 'series', 'シリーズ'),
  formality: L('正式程度', 'formality', '丁寧さ'),
  translatorNote: L('给译者的说明', 'note for the translator', '翻訳者へのメモ'),
  reviewTerms: L('先确认人名和术语选项', 'review-names-and-terms option', '人名と用語を先に確認する設定'),
  brief: L('影片简介', 'film brief', '作品の概要'),
  synopsis: L('剧情概要', 'synopsis', 'あらすじ'),
  register: L('语体', 'register', '文体'),
  characters: L('人物列表', 'list of characters', '登場人物の一覧'),
  characterAt: L('第 {n} 个人物', 'character {n}', '{n} 番目の登場人物'),
  characterNameAt: L('第 {n} 个人物的名字', 'name of character {n}', '{n} 番目の登場人物の名前'),
  characterTargetAt: L('第 {n} 个人物的译名', 'translated name of character {n}', '{n} 番目の登場人物の訳名'),
  characterGenderAt: L('第 {n} 个人物的性别', 'gender of character {n}', '{n} 番目の登場人物の性別'),
  characterAddressAt: L(
    '第 {n} 个人物的称呼方式',
    'form of address of character {n}',
    '{n} 番目の登場人物の呼び方',
  ),
  terms: L('术语列表', 'list of terms', '用語の一覧'),
  termAt: L('第 {n} 个术语', 'term {n}', '{n} 番目の用語'),
  termSourceAt: L('第 {n} 个术语的原文', 'source of term {n}', '{n} 番目の用語の原文'),
  termTargetAt: L('第 {n} 个术语的译文', 'translation of term {n}', '{n} 番目の用語の訳語'),
  termNoteAt: L('第 {n} 个术语的备注', 'note of term {n}', '{n} 番目の用語のメモ'),
} as const satisfies Record<string, Label>;

type Fields = Readonly<Record<string, keyof typeof VOICE_LABELS | 'taskId'>>;

/** The task options of the upload (/task/create, /file/submit_check_task, /file/submit_execute_task). */
export const VOICE_FIELDS: Fields = {
  glossaryIds: 'glossaryIds',
  'glossaryIds.*': 'glossaryIdItem',
  seriesId: 'seriesId',
  formality: 'formality',
  translatorNote: 'translatorNote',
  reviewTerms: 'reviewTerms',
};

const BRIEF_FIELDS: Fields = {
  id: 'taskId',
  brief: 'brief',
  'brief.synopsis': 'synopsis',
  'brief.register': 'register',
  'brief.characters': 'characters',
  'brief.characters.*': 'characterAt',
  'brief.characters.*.name': 'characterNameAt',
  'brief.characters.*.target': 'characterTargetAt',
  'brief.characters.*.gender': 'characterGenderAt',
  'brief.characters.*.address': 'characterAddressAt',
  'brief.terms': 'terms',
  'brief.terms.*': 'termAt',
  'brief.terms.*.source': 'termSourceAt',
  'brief.terms.*.target': 'termTargetAt',
  'brief.terms.*.note': 'termNoteAt',
};

/** The brief's calls. */
export const BRIEF_ROUTE_FIELDS: Readonly<Record<string, Fields>> = {
  [API.taskBrief]: { id: 'taskId' },
  [API.taskSaveBrief]: BRIEF_FIELDS,
  [API.taskContinue]: BRIEF_FIELDS,
};
