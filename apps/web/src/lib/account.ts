import { api, apiUpload } from './api-client';

export const updateProfile = (body: { name?: string; pic?: string }) => api('updateProfile', body);

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return apiUpload('uploadAvatar', form);
}
