import { API } from '@subtrans/contract';
import { api, apiUpload } from './api-client';

export const updateProfile = (body: { name?: string; pic?: string }) =>
  api<{ name: string; picture: string }>(API.updateProfile, body);

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return apiUpload<{ url: string }>(API.uploadAvatar, form);
}
