import { api, apiUpload } from './api-client';

export const updateProfile = (body: { name?: string; pic?: string }) => api('updateProfile', body);

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return apiUpload('uploadAvatar', form);
}

/** a mailed code to reset (or first set) the password of the account with this address */
export const sendResetCode = (email: string) => api('sendResetCode', { email });
export const resetPassword = (body: { email: string; code: string; pass: string }) =>
  api('resetPassword', body);
export const changePassword = (pass: string, newPass: string) => api('changePassword', { pass, newPass });
export const logoutAll = () => api('logoutAll', {});
/** a code to an address an account without one adds */
export const sendEmailCode = (email: string) => api('sendEmailCode', { email });
export const setEmail = (email: string, code: string) => api('setEmail', { email, code });
export const closeAccount = (pass?: string) => api('closeAccount', pass === undefined ? {} : { pass });
