import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT_DIR = path.resolve(E2E_DIR, '..');
/** the server as `npm start` runs it: built by `npm run build` (test:e2e does it first) */
export const SERVER_ENTRY = path.join(ROOT_DIR, 'apps/server/dist/main.js');
export const TMP_DIR = path.join(E2E_DIR, '.tmp');
export const MAIL_DIR = path.join(TMP_DIR, 'mail');
export const STATE_FILE = path.join(TMP_DIR, 'state.json');

export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-pass' };
