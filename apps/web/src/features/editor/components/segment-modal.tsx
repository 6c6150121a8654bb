import { memo } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatSrtTime, parseTimestamp } from '@subtrans/subtitles/time';
import type { EditSegment } from '../lib/editor-state';

interface Values {
  originalText: string;
  translatedText: string;
  start: string;
  end: string;
}

/**
 * SPEC §2 segment edit modal: both texts and the timing, validated (start < end, not negative)
 * when the timing is changed: a zero-length cue (accepted at upload) keeps its times while its
 * text is edited. Memoised: the page re-renders on every keystroke, a closed dialog need not.
 */
export const SegmentModal = memo(function SegmentModal(props: {
  segment: EditSegment | null;
  previous: EditSegment | undefined;
  next: EditSegment | undefined;
  readOnly: boolean;
  onSave: (values: { originalText: string; translatedText: string; startMs: number; endMs: number }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const start = parseTimestamp(Form.useWatch('start', form) ?? '');
  const end = parseTimestamp(Form.useWatch('end', form) ?? '');
  const overlaps =
    start !== null &&
    end !== null &&
    ((props.previous && start < props.previous.endMs) || (props.next && end > props.next.startMs));
  const seg = props.segment;

  return (
    <Modal
      open={seg !== null}
      title={seg ? t('editor.modal.title', { id: seg.id }) : ''}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: props.readOnly, 'data-testid': 'segment-modal-save' }}
      destroyOnHidden
      width={640}
    >
      {seg ? (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{
            originalText: seg.originalText,
            translatedText: seg.translatedText,
            start: formatSrtTime(seg.startMs),
            end: formatSrtTime(seg.endMs),
          }}
          onFinish={(v) => {
            props.onSave({
              originalText: v.originalText,
              translatedText: v.translatedText,
              startMs: parseTimestamp(v.start)!,
              endMs: parseTimestamp(v.end)!,
            });
          }}
        >
          <Form.Item name="originalText" label={t('editor.col.original')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} data-testid="segment-modal-original" />
          </Form.Item>
          <Form.Item name="translatedText" label={t('editor.col.translation')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} data-testid="segment-modal-translation" />
          </Form.Item>
          <div style={{ display: 'flex', gap: 16 }}>
            <Form.Item
              name="start"
              label={t('editor.modal.start')}
              style={{ flex: 1 }}
              rules={[
                {
                  validator: (_, v: string) =>
                    parseTimestamp(v ?? '') === null
                      ? Promise.reject(new Error(t('editor.modal.timeFormat')))
                      : Promise.resolve(),
                },
              ]}
            >
              <Input data-testid="segment-modal-start" style={{ fontFamily: 'monospace' }} />
            </Form.Item>
            <Form.Item
              name="end"
              label={t('editor.modal.end')}
              style={{ flex: 1 }}
              dependencies={['start']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v: string) => {
                    const e = parseTimestamp(v ?? '');
                    const s = parseTimestamp((getFieldValue('start') as string | undefined) ?? '');
                    if (e === null) return Promise.reject(new Error(t('editor.modal.timeFormat')));
                    const unchanged = s === seg.startMs && e === seg.endMs;
                    if (s !== null && e <= s && !unchanged)
                      return Promise.reject(new Error(t('editor.modal.endAfterStart')));
                    return Promise.resolve();
                  },
                }),
              ]}
            >
              <Input data-testid="segment-modal-end" style={{ fontFamily: 'monospace' }} />
            </Form.Item>
          </div>
          {overlaps ? <Alert type="warning" showIcon title={t('editor.modal.overlap')} /> : null}
        </Form>
      ) : null}
    </Modal>
  );
});
