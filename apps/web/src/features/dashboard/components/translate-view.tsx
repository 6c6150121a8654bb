import { useState } from 'react';
import { Badge, Card, Col, Row, Typography } from 'antd';
import { FileTextOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/api/session';
import { useEngines } from '../../tasks/api/tasks';
import { SrtUploadModal } from '../../tasks/components/srt-upload-modal';
import { TaskList } from '../../tasks/components/task-list';

/** SPEC §2 subtitle view: the two upload cards and the task list. */
export function TranslateView() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [uploading, setUploading] = useState(false);
  // loaded early so the upload modal opens with its engine choice ready
  useEngines();
  if (!user) return null;
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
        {t('dashboard.translate.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card
            hoverable
            role="button"
            tabIndex={0}
            onClick={() => setUploading(true)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                setUploading(true);
              }
            }}
            data-testid="srt-card"
          >
            <Card.Meta
              avatar={<FileTextOutlined style={{ fontSize: 32, color: '#1677ff' }} />}
              title={t('dashboard.translate.srtCard')}
              description={t('dashboard.translate.srtDesc')}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Badge.Ribbon text={t('dashboard.translate.newBadge')} color="red">
            <Card hoverable>
              <Card.Meta
                avatar={<VideoCameraOutlined style={{ fontSize: 32, color: '#722ed1' }} />}
                title={t('dashboard.translate.mediaCard')}
                description={t('dashboard.translate.mediaDesc')}
              />
            </Card>
          </Badge.Ribbon>
        </Col>
      </Row>
      <Card
        title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('dashboard.translate.tasks')}</h2>}
        style={{ marginTop: 24 }}
      >
        <TaskList userId={user.id} />
      </Card>
      <SrtUploadModal open={uploading} onClose={() => setUploading(false)} />
    </>
  );
}
