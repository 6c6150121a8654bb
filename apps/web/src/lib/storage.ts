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
} as const;
