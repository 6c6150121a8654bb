import { Link } from 'react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../app/public-layout';
import { usePageMeta } from '../../../lib/page-meta';

export default function NotFoundPage() {
  usePageMeta('notFound');
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 24 }}>{t('notFound.title')}</h1>}
        subTitle={t('notFound.hint')}
        extra={
          <Link to="/">
            <Button type="primary">{t('common.backHome')}</Button>
          </Link>
        }
      />
    </PublicLayout>
  );
}
