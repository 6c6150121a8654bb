import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/public-layout';
import { usePageMeta } from '../../../lib/page-meta';
import { paths } from '../../../lib/paths';

/** Any unknown address: the SPEC's 404 with a way home, drawn without Ant Design. */
export default function NotFoundPage() {
  usePageMeta('notFound');
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <div className="pub-not-found">
        <p className="pub-not-found-code" aria-hidden>
          404
        </p>
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.hint')}</p>
        <Link to={paths.home} className="pub-button">
          {t('common.backHome')}
        </Link>
      </div>
    </PublicLayout>
  );
}
