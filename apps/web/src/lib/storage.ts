/** localStorage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage unavailable: the preference lasts for this page only
    }
  },
  remove(key: string) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing stored
    }
  },
};

export const STORAGE_KEYS = {
  language: 'language',
  user: 'user',
  manager: 'manager',
  // SPEC §3: the task list's cache (the server is the source of truth)
  tasks: 'translation-tasks',
  // SPEC §9: lines per translation call, overriding the server's (clamped by it); read, never written
  batchSize: 'translation-batch-size',
  // an audio/video upload in progress, so the same file resumes after a reload (multipart-upload.ts)
  mediaUpload: 'media-upload',
  // sessionStorage: audio/video tasks this tab uploaded, followed until confirmed and finished
  mediaTracked: 'media-tracked',
  // the id of the user who closed the trial points notice (dashboard)
  trialNoticeClosed: 'trial-notice-closed',
  // issue 40: the style of the last video rendered with its lines, per user (`render-style:<id>`)
  renderStyle: 'render-style',
  // issue 40 §2: the name a reviewer signed comments with, offered again on the next review link
  reviewerName: 'reviewer-name',
} as const;
