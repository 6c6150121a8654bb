import { createContext, useContext, useMemo, type ReactNode } from 'react';
import i18n, { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { runtimeKey } from '../../../lib/i18n-keys';

/** A row's field names, with its line number (screen readers read them). */
export interface LineLabels {
  select: string;
  start: string;
  end: string;
  original: string;
  translation: string;
}

/** What the rows say, looked up once per language and line number, not once per row render. */
export interface RowLabels {
  line(number: number): LineLabels;
  retranslate: string;
  edit: string;
  untranslated: string;
  /** what a timing flag's click does */
  fixTiming: string;
  flag(flag: string): string;
  reviewName(flag: string): string;
  reviewHint(flag: string): string;
  /** issue 40 §2: a line's open comments */
  comments(open: number): string;
  commentsResolved: string;
}

/** stands for a line's number in the texts (a private-use character no translation holds) */
const NUMBER_MARK = '\u{F0000}';

/** a row's numbers seen past this many are looked up again (a long scroll does not keep them all) */
const KEPT = 4000;

function memo<K, V>(make: (key: K) => V): (key: K) => V {
  const seen = new Map<K, V>();
  return (key) => {
    let v = seen.get(key);
    if (v === undefined) {
      if (seen.size >= KEPT) seen.clear();
      v = make(key);
      seen.set(key, v);
    }
    return v;
  };
}

/**
 * The texts of the rows in one language. A split or a merge renumbers the rows after it; each then
 * rendered again called `t` seven times with interpolation (about a tenth of a split's work before
 * its paint in a 10,000-line task, npm run bench editor-structure).
 */
export function rowLabels(t: TFunction): RowLabels {
  // each text once with a mark for the number, which a row's number then replaces: a row coming
  // into view after a merge made five interpolating calls of `t` in the key's own render
  let templates: Record<keyof LineLabels, string> | null = null;
  const lineTemplates = (): Record<keyof LineLabels, string> =>
    (templates ??= {
      select: t('editor.select', { id: NUMBER_MARK }),
      start: t('editor.start', { id: NUMBER_MARK }),
      end: t('editor.end', { id: NUMBER_MARK }),
      original: t('editor.original', { id: NUMBER_MARK }),
      translation: t('editor.translation', { id: NUMBER_MARK }),
    });
  return {
    line: memo((id: number) => {
      const n = String(id);
      const filled = Object.entries(lineTemplates()).map(([k, text]) => [k, text.replaceAll(NUMBER_MARK, n)]);
      return Object.fromEntries(filled) as LineLabels;
    }),
    retranslate: t('editor.retranslate'),
    edit: t('editor.editSegment'),
    untranslated: t('parts.untranslated'),
    fixTiming: t('editor.fixTimingFlag'),
    flag: memo((f: string) => t(runtimeKey('editor.flag.*', f))),
    reviewName: memo((f: string) => t(runtimeKey('editor.review.flag.*', f))),
    reviewHint: memo((f: string) => t(runtimeKey('editor.review.hint.*', f))),
    comments: memo((count: number) => t('editor.review.comments.row', { count })),
    commentsResolved: t('editor.review.comments.rowResolved'),
  };
}

const RowLabelsContext = createContext<RowLabels | null>(null);

/** The rows' texts for the list below it, new when the interface language changes. */
export function RowLabelsProvider({ children }: { children: ReactNode }) {
  const { t, i18n: instance } = useTranslation();
  const language = instance.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new language gives new texts under the same `t`
  const labels = useMemo(() => rowLabels(t), [t, language]);
  return <RowLabelsContext.Provider value={labels}>{children}</RowLabelsContext.Provider>;
}

let outside: { language: string; labels: RowLabels } | null = null;

/** a row rendered outside a list (a unit test): the app's i18n instance, in its language now */
function outsideLabels(): RowLabels {
  if (outside?.language !== i18n.language) outside = { language: i18n.language, labels: rowLabels(i18n.t) };
  return outside.labels;
}

/** The rows' texts: the list's, else (a row rendered alone) the app's i18n instance's. */
export function useRowLabels(): RowLabels {
  return useContext(RowLabelsContext) ?? outsideLabels();
}
