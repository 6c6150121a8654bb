import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The tab's title, and `noindex` for search engines (the server sends it too, as a header): a
 * review link is for the people it was sent to.
 */
export function useReviewMeta(fileName: string | null) {
  const { t } = useTranslation();
  useEffect(() => {
    const title = fileName ? t('review.documentTitle', { file: fileName }) : t('review.title');
    document.title = `${title} | ${t('app.name')}`;
  }, [fileName, t]);

  useEffect(() => {
    if (document.head.querySelector('meta[name="robots"][content*="noindex"]')) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    // other pages may be indexed: the tag leaves with this page
    return () => meta.remove();
  }, []);
}
