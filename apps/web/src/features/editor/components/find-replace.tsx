import { Button, Checkbox, Input, Segmented, Space, Typography, type InputRef } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface FindOptions {
  query: string;
  replacement: string;
  caseSensitive: boolean;
  field: 'originalText' | 'translatedText';
}

/** Find and replace across segments: match count, case option, original or translation. */
export function FindReplace({
  ref,
  ...props
}: {
  value: FindOptions;
  onChange: (v: FindOptions) => void;
  matches: number;
  lines: number;
  readOnly: boolean;
  onNext: () => void;
  onPrevious: () => void;
  onReplaceAll: () => void;
  /** the find input (focused by Ctrl+F) */
  ref?: React.Ref<InputRef>;
}) {
  const { t } = useTranslation();
  const v = props.value;
  const set = (patch: Partial<FindOptions>) => props.onChange({ ...v, ...patch });
  return (
    <Space
      wrap
      style={{ padding: '8px 12px', background: '#fafafa', borderBottom: '1px solid #f0f0f0', width: '100%' }}
    >
      <Input
        ref={ref}
        allowClear
        placeholder={t('editor.find.find')}
        aria-label={t('editor.find.find')}
        value={v.query}
        onChange={(e) => set({ query: e.target.value })}
        onPressEnter={(e) => (e.shiftKey ? props.onPrevious() : props.onNext())}
        style={{ width: 200 }}
        data-testid="find-query"
      />
      <Input
        placeholder={t('editor.find.replace')}
        aria-label={t('editor.find.replace')}
        value={v.replacement}
        onChange={(e) => set({ replacement: e.target.value })}
        style={{ width: 200 }}
        data-testid="find-replacement"
      />
      <Segmented<FindOptions['field']>
        size="small"
        value={v.field}
        onChange={(field) => set({ field })}
        options={[
          { value: 'translatedText', label: t('editor.col.translation') },
          { value: 'originalText', label: t('editor.col.original') },
        ]}
      />
      <Checkbox
        checked={v.caseSensitive}
        onChange={(e) => set({ caseSensitive: e.target.checked })}
        data-testid="find-case"
      >
        {t('editor.find.case')}
      </Checkbox>
      <Typography.Text type="secondary" data-testid="find-count">
        {t('editor.find.count', { matches: props.matches, lines: props.lines })}
      </Typography.Text>
      <Button
        size="small"
        icon={<UpOutlined />}
        onClick={props.onPrevious}
        disabled={!props.lines}
        aria-label={t('editor.find.previous')}
      />
      <Button
        size="small"
        icon={<DownOutlined />}
        onClick={props.onNext}
        disabled={!props.lines}
        aria-label={t('editor.find.next')}
      />
      <Button
        size="small"
        onClick={props.onReplaceAll}
        disabled={!props.matches || props.readOnly}
        data-testid="find-replace-all"
      >
        {t('editor.find.replaceAll')}
      </Button>
    </Space>
  );
}
