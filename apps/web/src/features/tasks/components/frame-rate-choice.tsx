import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubtitleInputFormat } from '@subtrans/subtitles/extensions';

/** Each format's own name, as editors and players call it (not translated). */
export const FORMAT_NAMES: Record<SubtitleInputFormat, string> = {
  srt: 'SubRip (SRT)',
  vtt: 'WebVTT',
  ass: 'Advanced SubStation Alpha (ASS)',
  ssa: 'SubStation Alpha (SSA)',
  sbv: 'YouTube SubViewer (SBV)',
  ttml: 'TTML / DFXP',
  microdvd: 'MicroDVD',
};

/** the rates of film, PAL, NTSC and their doubles */
const RATES = [23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60];

/**
 * Issue 37: MicroDVD counts frames, so its times depend on the video's frame rate: the rate used
 * (the file's own, else 23.976) and a menu to choose the video's.
 */
export function FrameRateChoice({
  rate,
  busy,
  onChange,
}: {
  rate: { fps: number; fromFile: boolean };
  busy: boolean;
  onChange: (fps: number) => void;
}) {
  const { t } = useTranslation();
  const options = (RATES.includes(rate.fps) ? RATES : [...RATES, rate.fps].sort((a, b) => a - b)).map(
    (r) => ({ value: r, label: t('tasks.upload.frameRate.option', { fps: r }) }),
  );
  return (
    <Form.Item
      label={t('tasks.upload.frameRate.label')}
      htmlFor="srt-frame-rate"
      help={t(rate.fromFile ? 'tasks.upload.frameRate.fromFile' : 'tasks.upload.frameRate.assumed')}
    >
      <Select<number>
        id="srt-frame-rate"
        data-testid="srt-frame-rate"
        value={rate.fps}
        loading={busy}
        onChange={onChange}
        options={options}
        virtual={false}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
