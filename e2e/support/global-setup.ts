import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync, openSync } from 'node:fs';
import path from 'node:path';
import { startSmtpSink } from '../../apps/server/test/support/smtp-sink.js';
import { startOpenAiServer } from '../../apps/server/test/support/translation-servers.js';
import { startTranscriptionServer } from '../../apps/server/test/support/transcription-server.js';
import { E2E_PORT } from '../playwright.config.js';
import { E2E_ADMIN, MAIL_DIR, ROOT_DIR, SERVER_ENTRY, STATE_FILE, TMP_DIR } from './paths.js';

async function waitForReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = String(e);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready at ${url} after ${timeoutMs} ms: ${last}`);
}

/**
 * The local engine's film brief: each capitalised word that is not the first of its line and
 * occurs in two lines or more is proposed as a term, written in capitals (the user corrects it in
 * the review); the synopsis counts the lines. Files without such words get an empty brief.
 */
export function e2eBrief(req: { lines: string[] }) {
  const seen = new Map<string, number>();
  for (const line of req.lines) {
    const words = new Set(
      line
        .split(/[^\p{L}]+/u)
        .slice(1)
        .filter((w) => /^\p{Lu}\p{Ll}+$/u.test(w)),
    );
    for (const w of words) seen.set(w, (seen.get(w) ?? 0) + 1);
  }
  const terms = [...seen]
    .filter(([, n]) => n >= 2)
    .map(([w]) => ({ source: w, target: w.toUpperCase(), note: '' }));
  return {
    synopsis: terms.length ? `A film of ${req.lines.length} lines.` : '',
    register: '',
    characters: [],
    terms,
  };
}

/** the key the local OpenAI-compatible engine accepts (DeepSeek's protocol) */
export const E2E_ENGINE_KEY = 'e2e-engine-key';

/**
 * Starts a local OpenAI-compatible translation server (answers `[target] text` after 300 ms a
 * batch, so progress can be watched), an SMTP sink (each mail written to e2e/.tmp/mail as JSON, so test workers can read it)
 * and the real server on the built web app with a fresh embedded database.
 */
export default async function globalSetup() {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  rmSync(TMP_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  const sink = await startSmtpSink();
  let written = 0;
  const timer = setInterval(() => {
    while (written < sink.mails.length) {
      // written aside, then renamed: a worker never reads a mail file half written
      const file = path.join(MAIL_DIR, `${String(written).padStart(5, '0')}.json`);
      writeFileSync(`${file}.part`, JSON.stringify(sink.mails[written]));
      renameSync(`${file}.part`, file);
      written += 1;
    }
  }, 50);

  const engine = await startOpenAiServer(E2E_ENGINE_KEY);
  engine.setDelay(300);
  // a model that writes the terms and names it is given, and a brief proposing the recurring names
  engine.setTermRendering(true);
  engine.setBriefer(e2eBrief);
  // speech recognition: a local server speaking OpenAI's /v1/audio/transcriptions protocol
  const speech = await startTranscriptionServer();

  const dataDir = path.join(TMP_DIR, 'data');
  const log = openSync(path.join(TMP_DIR, 'server.log'), 'a');
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${E2E_PORT}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: sink.url,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'info',
      DEEPSEEK_API_KEY: E2E_ENGINE_KEY,
      DEEPSEEK_BASE_URL: engine.url,
      TRANSLATE_CONCURRENCY: '2',
      STT_BASE_URL: speech.baseUrl,
      // new accounts start at 0 points: the tests grant what they need
      SIGNUP_POINTS: '0',
      // every test signs up from this one address: the per-address limits are tested on the server
      CODE_MAILS_PER_IP: '1000',
      REGISTRATIONS_PER_IP: '1000',
      NODE_ENV: 'production',
      // localhost is the default site; 127.0.0.1 stands for a second host with its own profile
      SITE_PROFILES: JSON.stringify([
        { hosts: ['*'], googleLogin: true, wechatLogin: true },
        {
          hosts: ['127.0.0.1'],
          licenceNotice: 'ICP 00000000-1 (test licence notice)',
          supportEmail: 'help@second-host.test',
          postalAddress: '1 Test Road, Test City',
          homeStats: { en: [{ value: '12,345', label: 'files translated (configured)' }] },
        },
      ]),
    },
    stdio: ['ignore', log, log],
  });
  // a first start creates the embedded database: over a minute on a loaded two-core machine
  try {
    await waitForReady(`http://127.0.0.1:${E2E_PORT}/readyz`, 180_000);
  } catch (e) {
    // no test will run: the server must not outlive the failed setup
    server.kill('SIGTERM');
    throw e;
  }
  writeFileSync(STATE_FILE, JSON.stringify({ pid: server.pid }));

  return async () => {
    clearInterval(timer);
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await sink.close();
    await engine.close();
    await speech.close();
  };
}
