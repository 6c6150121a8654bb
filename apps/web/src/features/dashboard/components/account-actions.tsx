import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { App, type MenuProps } from 'antd';
import {
  DeleteOutlined,
  DisconnectOutlined,
  EditOutlined,
  KeyOutlined,
  LogoutOutlined,
  MailOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '@subtrans/contract';
import type { FlashState } from '../../../components/flash-notice';
import { logoutAll } from '../../../lib/account';
import { paths } from '../../../lib/paths';
import { forgetSession, useLogout } from '../../../lib/session';
import { AddEmailModal } from './add-email-modal';
import { ChangePasswordModal } from './change-password-modal';
import { CloseAccountModal } from './close-account-modal';
import { EditProfileModal } from './edit-profile-modal';

type Dialog = 'profile' | 'password' | 'email' | 'close' | null;

/**
 * The account's own actions, for the profile menu: edit profile, change (or set) the password,
 * add an email, sign out (everywhere), close the account. Returns the menu's items, `addEmail`
 * for the user block, and the dialogs to render.
 */
export function useAccountActions(user: User | null) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const logout = useLogout();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  /**
   * The session ended on the server. It is forgotten before the next page draws (the home page
   * sends a signed-in user to the dashboard); the navigation completes before the guard of this
   * page hears of it, so the guard does not send it to sign-in instead.
   */
  const leave = (to: string, state: FlashState) => {
    forgetSession(client);
    void navigate(to, { replace: true, state });
  };

  const onLogout = () => {
    logout.mutate(undefined, {
      onSettled: () => {
        void message.success(t('dashboard.loggedOut'));
        void navigate(paths.login, { replace: true });
      },
    });
  };

  if (!user) return { menuItems: [], addEmail: () => undefined, dialogs: null };

  const onLogoutAll = () => {
    modal.confirm({
      title: t('account.logoutAll.title'),
      content: t('account.logoutAll.text'),
      okText: t('account.logoutAll.submit'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'logout-all-confirm' },
      onOk: async () => {
        try {
          await logoutAll();
        } catch (e) {
          void message.error(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
          return;
        }
        leave(paths.login, { notice: 'signedOutEverywhere', email: user.email });
      },
    });
  };

  /** no password yet: the reset flow sets one, through a verified address */
  const onSetPassword = () => {
    if (user.email && user.emailVerified) {
      const state: FlashState = { email: user.email };
      void navigate(paths.forgotPassword, { state });
      return;
    }
    modal.confirm({
      title: t('account.password.needEmailTitle'),
      content: t('account.password.needEmail'),
      okText: t('account.email.add'),
      cancelText: t('common.cancel'),
      onOk: () => setDialog('email'),
    });
  };

  const item = (key: string, icon: ReactNode, label: string, onClick: () => void, danger = false) => ({
    key,
    icon,
    danger,
    label: <span data-testid={key}>{label}</span>,
    onClick,
  });

  const menuItems: MenuProps['items'] = [
    item('edit-profile', <EditOutlined />, t('dashboard.editProfile'), () => setDialog('profile')),
    user.hasPassword
      ? item('change-password', <KeyOutlined />, t('account.password.change'), () => setDialog('password'))
      : item('set-password', <KeyOutlined />, t('account.password.set'), onSetPassword),
    ...(user.email
      ? []
      : [item('add-email', <MailOutlined />, t('account.email.add'), () => setDialog('email'))]),
    { type: 'divider' },
    item('logout', <LogoutOutlined />, t('dashboard.logout'), onLogout),
    item('logout-all', <DisconnectOutlined />, t('account.logoutAll.menu'), onLogoutAll),
    { type: 'divider' },
    item('close-account', <DeleteOutlined />, t('account.close.menu'), () => setDialog('close'), true),
  ];

  const dialogs = (
    <>
      <EditProfileModal user={user} open={dialog === 'profile'} onClose={close} />
      <ChangePasswordModal open={dialog === 'password'} onClose={close} />
      <AddEmailModal open={dialog === 'email'} onClose={close} />
      <CloseAccountModal
        user={user}
        open={dialog === 'close'}
        onClose={close}
        onClosed={() => leave(paths.home, { notice: 'accountClosed' })}
      />
    </>
  );

  return { menuItems, addEmail: () => setDialog('email'), dialogs };
}
