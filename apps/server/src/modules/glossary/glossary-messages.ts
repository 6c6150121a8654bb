import type { UiLanguage } from '@subtrans/contract';
import type { FileProblem, RowProblem } from './glossary-file.js';

/** Why a glossary file or one of its rows could not be read, in the caller's language. */

const FILE: Record<FileProblem, Record<UiLanguage, string>> = {
  empty: { zh: '文件是空的', en: 'the file is empty', ja: 'ファイルが空です' },
  no_header: {
    zh: '第一行不是含有 source 列的表头',
    en: 'its first row is not a header naming a source column',
    ja: '1 行目が source 列を含む見出し行ではありません',
  },
};

export const fileProblemText = (problem: FileProblem, lang: UiLanguage) => FILE[problem][lang];

const COLUMN: Record<string, Record<UiLanguage, string>> = {
  source: { zh: '原文', en: 'source', ja: '原文' },
  target: { zh: '译文', en: 'target', ja: '訳語' },
  note: { zh: '备注', en: 'note', ja: 'メモ' },
  keep: { zh: 'keep（保留原文）', en: 'keep', ja: 'keep（原文のまま）' },
  case_sensitive: {
    zh: 'case_sensitive（区分大小写）',
    en: 'case_sensitive',
    ja: 'case_sensitive（大文字と小文字を区別）',
  },
};

export function rowProblemText(p: RowProblem, lang: UiLanguage): string {
  switch (p.kind) {
    case 'no_source':
      return { zh: '没有原文术语', en: 'no source term', ja: '原文の用語がありません' }[lang];
    case 'too_long': {
      const c = COLUMN[p.column]![lang];
      return {
        zh: `${c}超过 ${p.max} 个字符`,
        en: `the ${c} is longer than ${p.max} characters`,
        ja: `${c}が ${p.max} 文字を超えています`,
      }[lang];
    }
    case 'not_a_flag': {
      const c = COLUMN[p.column]![lang];
      return {
        zh: `${c}应为 1/0、true/false 或 yes/no，而不是“${p.value}”`,
        en: `${c} must be 1/0, true/false or yes/no, not "${p.value}"`,
        ja: `${c}は 1/0、true/false、yes/no のいずれかです（「${p.value}」ではありません）`,
      }[lang];
    }
    case 'too_many_fields':
      return {
        zh: `有 ${p.count} 个字段，而表头只有 ${p.columns} 列`,
        en: `it has ${p.count} fields where the header has ${p.columns} columns`,
        ja: `見出しは ${p.columns} 列ですが、${p.count} 個の項目があります`,
      }[lang];
    case 'malformed':
      return {
        zh: '格式有误（引号未配对？）',
        en: 'it is malformed (unbalanced quotes?)',
        ja: '形式が正しくありません（引用符の対応？）',
      }[lang];
  }
}
