import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** What a public page says once when it was reached by leaving an account's session. */
const NOTICES = {
  passwordReset: 'account.notice.passwordReset',
  signedOutEverywhere: 'account.notice.signedOutEverywhere',
  accountClosed: 'account.notice.accountClosed',
} as const;
export type Notice = keyof typeof NOTICES;

/** The router state a page is opened with to show a notice (and, for sign-in, the address). */
export interface FlashState {
  notice?: Notice;
  email?: string;
}

export const flashState = (location: { state: unknown }): FlashState =>
  typeof location.state === 'object' && location.state !== null ? location.state : {};

/**
 * The notice in the router's state, in plain elements: the home page draws without Ant Design,
 * and antd's messages live in the layout the leaving page took with it.
 */
export function FlashNotice() {
  const { t } = useTranslation();
  const { notice } = flashState(useLocation());
  if (!notice || !(notice in NOTICES)) return null;
  return (
    <p className="pub-flash" role="status" data-testid="flash-notice">
      {t(NOTICES[notice])}
    </p>
  );
}
