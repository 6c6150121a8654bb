/**
 * What the fields of issue 26 must be called, in Chinese and English (validation-messages.int.test.ts
 * takes them in: its own truth, kept apart to keep that file short). List items are at position 1.
 */
export const VOICE = {
  glossaryIds: ['术语表', 'glossaries'],
  'glossaryIds.*': ['第 1 个术语表', 'glossary 1'],
  seriesId: ['系列', 'series'],
  formality: ['正式程度', 'formality'],
  translatorNote: ['给译者的说明', 'note for the translator'],
  reviewTerms: ['先确认人名和术语选项', 'review-names-and-terms option'],
};
const BRIEF = {
  id: ['任务 ID', 'task id'],
  brief: ['影片简介', 'film brief'],
  'brief.synopsis': ['剧情概要', 'synopsis'],
  'brief.register': ['语体', 'register'],
  'brief.characters': ['人物列表', 'list of characters'],
  'brief.characters.*.name': ['第 1 个人物的名字', 'name of character 1'],
  'brief.characters.*.target': ['第 1 个人物的译名', 'translated name of character 1'],
  'brief.characters.*.gender': ['第 1 个人物的性别', 'gender of character 1'],
  'brief.characters.*.address': ['第 1 个人物的称呼方式', 'form of address of character 1'],
  'brief.terms': ['术语列表', 'list of terms'],
  'brief.terms.*.source': ['第 1 个术语的原文', 'source of term 1'],
  'brief.terms.*.target': ['第 1 个术语的译文', 'translation of term 1'],
  'brief.terms.*.note': ['第 1 个术语的备注', 'note of term 1'],
};

/** The brief's calls. */
export const BRIEF_CALLS = {
  '/task/brief': { id: ['任务 ID', 'task id'] },
  '/task/save_brief': BRIEF,
  '/task/continue': BRIEF,
};
