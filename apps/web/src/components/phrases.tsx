import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhraseParser } from '../lib/phrases';

/**
 * A heading's text that wraps between phrases, never inside a word, in Chinese and Japanese
 * ("ワンステ / ップで" at 390 px). The phrase boundaries BudouX finds become the only places a line
 * may break (`<wbr>` in a `keep-all` span); where the browser's own `word-break: auto-phrase`
 * does this (Japanese on Chromium), or before the parser has loaded, the text is left as it is.
 */
export function Phrases({ text }: { text: string }) {
  const { i18n } = useTranslation();
  const parser = usePhraseParser(i18n.language);
  if (!parser) return text;
  return (
    <span className="phrases">
      {parser.parse(text).map((phrase, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {phrase}
        </Fragment>
      ))}
    </span>
  );
}
