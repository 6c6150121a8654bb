import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Col, Flex, Form, Input, Row, Skeleton, type FormInstance } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubtitleLanguageCode } from '@subtrans/contract';
import { LanguagePairFields } from './language-pair-fields';

/**
 * The shell the editors of things a user owns by name (a glossary, a series) share: loading one
 * (or none, for a new one), the card with its way back (asking first when there are unsaved
 * changes), and the head fields every such thing has: a name and a language pair.
 */
export interface HeadValues {
  name: string;
  sourceLanguage: SubtitleLanguageCode;
  targetLanguage: SubtitleLanguageCode;
}

/** `children` with the loaded item (null: a new one), or its failure with a way back, or a skeleton. */
export function LoadGate<T>(props: {
  id: string | null;
  query: UseQueryResult<T>;
  loadFailed: string;
  backLabel: string;
  onBack: () => void;
  children: (item: T | null) => ReactNode;
}) {
  const { id, query } = props;
  if (id && query.isError)
    return (
      <Card>
        <Alert
          type="error"
          showIcon
          role="alert"
          title={query.error instanceof Error ? query.error.message : props.loadFailed}
          action={
            <Button size="small" onClick={props.onBack}>
              {props.backLabel}
            </Button>
          }
        />
      </Card>
    );
  if (id && !query.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  return <>{props.children(query.data ?? null)}</>;
}

/**
 * An editor's state: the item as saved (null: new), whether something is unsaved, the error to
 * show, and `save`: the head fields checked, then the editor's own check (`refusal`: what to say,
 * the rows marked), then `persist`; the saved item replaces the old (a new one opens at its id).
 */
export function useOwnedForm<T extends { id: string }>(
  initial: T | null,
  props: { onBack: () => void; onOpen: (id: string) => void },
) {
  const { t } = useTranslation();
  const [form] = Form.useForm<HeadValues>();
  const [saved, setSaved] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (run: {
    refusal?: () => string | null;
    persist: (head: HeadValues, id: string | undefined) => Promise<T>;
    onSaved: (answer: T) => void;
  }) => {
    let head: HeadValues;
    try {
      head = await form.validateFields();
    } catch {
      return;
    }
    const refusal = run.refusal?.() ?? null;
    if (refusal) {
      setShowErrors(true);
      setError(refusal);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const answer = await run.persist(head, saved?.id);
      setSaved(answer);
      setDirty(false);
      setShowErrors(false);
      run.onSaved(answer);
      if (!saved) props.onOpen(answer.id);
    } catch (e) {
      // the server's words, its limits included
      setError(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
    } finally {
      setSaving(false);
    }
  };
  const back = useLeave(dirty, props.onBack);
  return { form, saved, setSaved, dirty, setDirty, showErrors, error, setError, saving, save, back };
}

/** Back to the list, after a confirmation when something is unsaved. */
export function useLeave(dirty: boolean, onBack: () => void): () => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return () => {
    if (!dirty) return onBack();
    modal.confirm({
      title: t('glossaries.leaveTitle'),
      content: t('glossaries.leaveText'),
      okText: t('glossaries.leave'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: onBack,
    });
  };
}

export function EditorCard(props: {
  heading: string;
  backLabel: string;
  onBack: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={props.onBack}
            aria-label={props.backLabel}
            data-testid={`${props.testId}-back`}
          />
          <h2 style={{ margin: 0, fontSize: 20 }}>{props.heading}</h2>
        </Flex>
      }
      data-testid={`${props.testId}-editor`}
    >
      {props.children}
    </Card>
  );
}

/** The name, and the language pair beside it on a wide screen, under it on a phone. */
export function HeadForm(props: {
  form: FormInstance<HeadValues>;
  saved: { name: string; sourceLanguage: string; targetLanguage: string } | null;
  nameLabel: string;
  nameRequired: string;
  maxLength: number;
  testId: string;
  onChange: () => void;
}) {
  const { saved } = props;
  return (
    <Form<HeadValues>
      form={props.form}
      layout="vertical"
      requiredMark={false}
      initialValues={
        saved
          ? {
              name: saved.name,
              sourceLanguage: saved.sourceLanguage as SubtitleLanguageCode,
              targetLanguage: saved.targetLanguage as SubtitleLanguageCode,
            }
          : { sourceLanguage: 'auto' }
      }
      onValuesChange={props.onChange}
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="name"
            label={props.nameLabel}
            rules={[{ required: true, whitespace: true, message: props.nameRequired }]}
          >
            <Input maxLength={props.maxLength} data-testid={`${props.testId}-name`} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Row gutter={16}>
            <LanguagePairFields testId={props.testId} layout={{ xs: 24, sm: 12 }} />
          </Row>
        </Col>
      </Row>
    </Form>
  );
}
