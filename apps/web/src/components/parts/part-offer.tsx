import { App, Button, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PartPlan } from '@subtrans/contract';
import { useSiteConfig } from '../../lib/site-config';
import { dashboardView } from '../../lib/paths';

/**
 * SPEC §5 insufficient-points confirmation: says how many points are needed and available, and
 * offers to buy points (where this host sells them).
 */
export function useInsufficientPoints() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const site = useSiteConfig();
  return (needed: number, current: number) => {
    const content = t('tasks.insufficient.content', { needed, current });
    if (!site.enablePointsPurchase) {
      void modal.warning({ title: t('tasks.insufficient.title'), content, okText: t('common.ok') });
      return;
    }
    void modal.confirm({
      title: t('tasks.insufficient.title'),
      content,
      okText: t('tasks.insufficient.buy'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'insufficient-buy' },
      onOk: () => void navigate(dashboardView('points')),
    });
  };
}

const MINUTE_MS = 60_000;

/** m:ss of a time in the audio */
const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * "the first 3 min (lines 1–30)", or for a later part "lines 31–70 (minutes 3–7)"; an audio/video
 * part (its lines not known before it is transcribed) "the first 3 min" or "the audio from 2:56 to 5:00"
 */
export function usePartRange() {
  const { t } = useTranslation();
  return (part: PartPlan) =>
    part.toLine === null
      ? part.startMs === 0
        ? t('parts.range.firstMinutes', { minutes: Math.ceil(part.endMs / MINUTE_MS) })
        : t('parts.range.stretch', { from: clock(part.startMs), to: clock(part.endMs) })
      : part.fromLine === 1
        ? t('parts.range.first', {
            minutes: Math.ceil(part.endMs / MINUTE_MS),
            from: part.fromLine,
            to: part.toLine,
          })
        : t('parts.range.later', {
            from: part.fromLine,
            to: part.toLine,
            fromMinute: Math.ceil(part.startMs / MINUTE_MS),
            toMinute: Math.ceil(part.endMs / MINUTE_MS),
          });
}

/** What the balance buys of a file: the caller's balance, the price of every line left, and the part covered. */
export interface PartOffer {
  balance: number;
  total: number;
  /** null: not even the next line is covered (only buying points helps) */
  part: PartPlan | null;
}

/**
 * Issue 34: when the balance does not cover what is left of a file, the dialog says what it covers
 * ("the first 3 min, lines 1–30, for 30 points") and offers to translate that part, or to buy
 * points. The server cuts the part again from its own balance, never more than shown.
 */
export function usePartOffer() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const site = useSiteConfig();
  const askToBuy = useInsufficientPoints();
  const range = usePartRange();
  return (offer: PartOffer, translatePart: (part: PartPlan) => Promise<void>) => {
    const part = offer.part;
    if (!part) {
      askToBuy(offer.total, offer.balance);
      return;
    }
    const dialog = modal.confirm({
      title: t('parts.offer.title'),
      width: 520,
      content: (
        <div data-testid="part-offer">
          <Typography.Paragraph>
            {t('parts.offer.whole', { total: offer.total, balance: offer.balance })}
          </Typography.Paragraph>
          <Typography.Paragraph strong data-testid="part-offer-range">
            {t('parts.offer.covers', { range: range(part), points: part.points })}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('parts.offer.later')}
          </Typography.Paragraph>
        </div>
      ),
      okText: t('parts.offer.translate', { points: part.points }),
      okButtonProps: { 'data-testid': 'part-translate' },
      cancelText: t('common.cancel'),
      onOk: () => translatePart(part),
      footer: (_, { OkBtn, CancelBtn }) => (
        <>
          <CancelBtn />
          {site.enablePointsPurchase ? (
            <Button
              data-testid="part-buy"
              onClick={() => {
                dialog.destroy();
                void navigate(dashboardView('points'));
              }}
            >
              {t('tasks.insufficient.buy')}
            </Button>
          ) : null}
          <OkBtn />
        </>
      ),
    });
  };
}
