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

/** The glossary and series calls, and /task/reapply. */
export const GLOSSARY_CALLS = {
  '/glossary/get': { id: ['术语表 ID', 'glossary id'] },
  '/glossary/delete': { id: ['术语表 ID', 'glossary id'] },
  '/glossary/save': {
    id: ['术语表 ID', 'glossary id'],
    name: ['术语表名称', 'glossary name'],
    sourceLanguage: ['源语言', 'source language'],
    targetLanguage: ['目标语言', 'target language'],
    entries: ['术语列表', 'list of terms'],
    'entries.*.source': ['第 1 条术语的原文', 'source of term 1'],
    'entries.*.target': ['第 1 条术语的译文', 'translation of term 1'],
    'entries.*.note': ['第 1 条术语的备注', 'note of term 1'],
    'entries.*.keep': ['第 1 条术语的保留原文选项', 'keep-as-is option of term 1'],
    'entries.*.caseSensitive': ['第 1 条术语的区分大小写选项', 'case-sensitive option of term 1'],
  },
  '/glossary/import': {
    id: ['术语表 ID', 'glossary id'],
    name: ['术语表名称', 'glossary name'],
    sourceLanguage: ['源语言', 'source language'],
    targetLanguage: ['目标语言', 'target language'],
    format: ['文件格式', 'file format'],
    text: ['文件内容', 'file content'],
    mode: ['导入方式', 'import mode'],
  },
  '/glossary/export': { id: ['术语表 ID', 'glossary id'], format: ['文件格式', 'file format'] },
  '/series/get': { id: ['系列 ID', 'series id'] },
  '/series/delete': { id: ['系列 ID', 'series id'] },
  '/series/save': {
    id: ['系列 ID', 'series id'],
    name: ['系列名称', 'series name'],
    sourceLanguage: ['源语言', 'source language'],
    targetLanguage: ['目标语言', 'target language'],
    memory: ['系列记忆', 'series memory'],
    'memory.characters': ['人物列表', 'list of characters'],
    'memory.characters.*.name': ['第 1 个人物的名字', 'name of character 1'],
    'memory.characters.*.target': ['第 1 个人物的译名', 'translated name of character 1'],
    'memory.characters.*.gender': ['第 1 个人物的性别', 'gender of character 1'],
    'memory.characters.*.address': ['第 1 个人物的称呼方式', 'form of address of character 1'],
    'memory.terms': ['术语列表', 'list of terms'],
    'memory.terms.*.source': ['第 1 条术语的原文', 'source of term 1'],
    'memory.terms.*.target': ['第 1 条术语的译文', 'translation of term 1'],
    'memory.terms.*.note': ['第 1 条术语的备注', 'note of term 1'],
  },
  '/task/reapply': { id: ['任务 ID', 'task id'] },
};
