import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { languageName, type ReviewPage } from '@subtrans/contract';
import { LangSwitcher } from '../../../components/lang-switcher';
import { currentLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useDateFormat } from '../lib/dates';
import { Badge } from './review-ui';

/** The product's name and the language switcher: all a reviewer sees of the site around the task. */
export function ReviewTopBar() {
  const { t } = useTranslation();
  return (
    <header className="pub-header review-top">
      <Link to={paths.homeAlias} className="pub-brand">
        {t('app.name')}
      </Link>
      <LangSwitcher />
    </header>
  );
}

/** The file under review, its languages, whether the owner approved it, and how long the link lasts. */
export function ReviewSummary({ page }: { page: ReviewPage }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const ui = currentLanguage();
  return (
    <section className="review-summary" aria-labelledby="review-file">
      <div className="review-summary-title">
        <h1 id="review-file" data-testid="review-file">
          {page.fileName}
        </h1>
        {page.approved ? (
          <Badge tone="success" icon testId="review-approved">
            {t('review.approved')}
          </Badge>
        ) : null}
      </div>
      <p className="review-summary-meta">
        <span data-testid="review-languages">
          {languageName(page.originalLanguage, ui)} → {languageName(page.targetLanguage, ui)}
        </span>
        <span data-testid="review-expires">{t('review.validUntil', { date: date(page.expiresAt) })}</span>
      </p>
    </section>
  );
}
