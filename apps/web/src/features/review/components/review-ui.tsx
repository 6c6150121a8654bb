import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import CheckCircleOutlined from '@ant-design/icons-svg/es/asn/CheckCircleOutlined';
import CloseCircleOutlined from '@ant-design/icons-svg/es/asn/CloseCircleOutlined';
import ExclamationCircleOutlined from '@ant-design/icons-svg/es/asn/ExclamationCircleOutlined';
import InfoCircleOutlined from '@ant-design/icons-svg/es/asn/InfoCircleOutlined';
import { SvgIcon } from '../../../components/svg-icon';
import './review-ui.css';

/*
 * The few controls the review page draws, in plain HTML and review.css: the page loads without
 * Ant Design (its code and its 1 MB style sheet), which a reviewer opening a link for the first
 * time paid for before seeing a line (issue 40: lines shown within 1 s).
 */

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  kind?: 'primary' | 'default';
  small?: boolean;
  icon?: IconDefinition;
  /** busy: the button stays where it is, says so, and does not act again */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({
  kind = 'default',
  small,
  icon,
  loading,
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = [
    'review-button',
    kind === 'primary' ? 'is-primary' : '',
    small ? 'is-small' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      {...rest}
      className={classes}
      aria-busy={loading || undefined}
      disabled={rest.disabled || loading}
    >
      {loading ? (
        <span className="review-button-spinner" aria-hidden />
      ) : icon ? (
        <SvgIcon icon={icon} />
      ) : null}
      <span>{children}</span>
    </button>
  );
}

const NOTICE_ICONS = {
  info: InfoCircleOutlined,
  warning: ExclamationCircleOutlined,
  error: CloseCircleOutlined,
} as const;

/** A message in a coloured box with its icon; an error is announced as it appears. */
export function Notice({
  type,
  icon,
  children,
  id,
  testId,
}: {
  type: keyof typeof NOTICE_ICONS;
  icon?: IconDefinition;
  children: ReactNode;
  id?: string;
  testId?: string;
}) {
  return (
    <div
      id={id}
      className={`review-notice is-${type}`}
      role={type === 'error' ? 'alert' : undefined}
      data-testid={testId}
    >
      <SvgIcon icon={icon ?? NOTICE_ICONS[type]} />
      <span>{children}</span>
    </div>
  );
}

/** A short state beside a name: approved, resolved, the owner. */
export function Badge({
  tone,
  icon,
  children,
  className,
  testId,
}: {
  tone: 'success' | 'blue';
  icon?: boolean;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <span className={`review-badge is-${tone}${className ? ` ${className}` : ''}`} data-testid={testId}>
      {icon ? <SvgIcon icon={CheckCircleOutlined} /> : null}
      {children}
    </span>
  );
}

/** A whole-page outcome (the link cannot be used, it could not be opened): icon, title, why, what to do. */
export function Outcome({
  icon,
  title,
  detail,
  action,
  testId,
}: {
  icon: IconDefinition;
  title: string;
  detail: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <section className="review-outcome" data-testid={testId}>
      <span className="review-outcome-icon">
        <SvgIcon icon={icon} />
      </span>
      <h1>{title}</h1>
      <p>{detail}</p>
      {action}
    </section>
  );
}
