import { Badge, Card, Typography } from 'antd';
import { VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSpeechStatus } from '../api/media';
import './media-card.css';

/**
 * SPEC §2's audio/video card (marked NEW). Without speech recognition on the server it stays in
 * its place, greyed out and inert, and says why in its own text (not only on hover): the server
 * refuses such uploads too.
 */
export function MediaCard({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const speech = useSpeechStatus();
  const unavailable = speech.data?.available === false;
  const open = () => {
    if (!unavailable) onOpen();
  };
  return (
    // the ribbon inside the card's corner: antd's sticks out 8 px past the card's edge
    <Badge.Ribbon
      text={t('dashboard.translate.newBadge')}
      color={unavailable ? 'gray' : 'red'}
      className="media-card-ribbon"
      styles={{ indicator: { top: 0, insetInlineEnd: 0, borderRadius: '0 8px 0 6px' } }}
    >
      <Card
        hoverable={!unavailable}
        role="button"
        tabIndex={0}
        aria-disabled={unavailable}
        aria-describedby={unavailable ? 'media-unavailable' : undefined}
        onClick={open}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            open();
          }
        }}
        style={unavailable ? { cursor: 'not-allowed', background: '#fafafa' } : undefined}
        data-testid="media-card"
        data-disabled={unavailable ? 'true' : undefined}
      >
        <Card.Meta
          avatar={
            <VideoCameraOutlined style={{ fontSize: 32, color: unavailable ? '#bfbfbf' : '#722ed1' }} />
          }
          title={t('dashboard.translate.mediaCard')}
          description={
            unavailable ? (
              <Typography.Text type="warning" id="media-unavailable" data-testid="media-unavailable">
                {t('dashboard.translate.mediaUnavailable')}
              </Typography.Text>
            ) : (
              t('dashboard.translate.mediaDesc')
            )
          }
        />
      </Card>
    </Badge.Ribbon>
  );
}
