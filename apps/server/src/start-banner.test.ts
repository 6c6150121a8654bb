import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './config/env.js';
import { buildEngineRegistry } from './engines/translation/registry.js';
import { buildPaymentChannels } from './providers/payments/channels.js';
import { startBanner, type BannerContext } from './start-banner.js';

const ORIGIN = 'http://localhost:8080';
// the banner only names providers; none of them is called
const noDatabase = { query: () => Promise.reject(new Error('no database in this test')) };

/** The banner as a server started with `vars` prints it (Apertium's command is not found here). */
async function banner(vars: Record<string, string>, warnings: string[] = []): Promise<string[]> {
  const env = parseEnv({ APERTIUM_COMMAND: 'apertium-not-installed-here', ...vars });
  const ctx: BannerContext = {
    env,
    db: { kind: env.DATABASE_URL ? 'postgres' : 'pglite' },
    mailer: { kind: env.SMTP_URL ? 'smtp' : 'log' },
    engines: buildEngineRegistry(env),
    payments: await buildPaymentChannels(env, noDatabase, ORIGIN),
    publicOrigin: ORIGIN,
    webDistDir: '/srv/web',
  };
  return startBanner(ctx, {
    port: 8080,
    manager: { email: 'admin@example.com', generatedPassword: null },
    warnings,
  });
}

const lineOf = (lines: string[], label: string) => lines.find((l) => l.startsWith(`  ${label}:`));

describe('the start banner', () => {
  it('says how to add a translation engine when none is configured', async () => {
    const lines = await banner({});
    expect(lineOf(lines, 'Translation')).toBe(
      '  Translation: no engine configured, tasks cannot be translated. Set DEEPSEEK_API_KEY, or OPENAI_BASE_URL (Ollama, any OpenAI-compatible server), or install Apertium (apt-get install apertium apertium-eng-spa), then restart',
    );
  });

  it('names each configured engine and the default one, without their keys', async () => {
    const lines = await banner({
      DEEPSEEK_API_KEY: 'sk-deepseek-secret-key',
      OPENAI_BASE_URL: 'http://user:pw@localhost:11434/v1/?token=hidden',
      OPENAI_MODEL: 'qwen2.5',
      APERTIUM_URL: 'http://127.0.0.1:2737',
    });
    expect(lineOf(lines, 'Translation')).toBe(
      '  Translation: DeepSeek (deepseek-chat at https://api.deepseek.com), default; ' +
        'OpenAI-compatible (qwen2.5 at http://localhost:11434/v1); Apertium (apertium-apy at http://127.0.0.1:2737)',
    );
    const all = lines.join('\n');
    for (const secret of ['sk-deepseek-secret-key', 'pw', 'hidden']) expect(all).not.toContain(secret);
  });

  it('makes the first configured engine the default when DeepSeek is not configured', async () => {
    expect(lineOf(await banner({ OPENAI_BASE_URL: 'http://localhost:11434/v1' }), 'Translation')).toBe(
      '  Translation: OpenAI-compatible (gpt-4o-mini at http://localhost:11434/v1), default',
    );
    expect(
      lineOf(
        await banner({ GOOGLE_TRANSLATE_API_KEY: 'g-key', APERTIUM_URL: 'http://a:2737' }),
        'Translation',
      ),
    ).toBe(
      '  Translation: Google Translate (https://translation.googleapis.com), default; Apertium (apertium-apy at http://a:2737)',
    );
  });

  it('names the speech-to-text service, or says audio and video are off without one', async () => {
    expect(lineOf(await banner({}), 'Speech-to-text')).toBe(
      '  Speech-to-text: none, audio and video uploads are off (set STT_BASE_URL to an OpenAI-compatible transcription API)',
    );
    const lines = await banner({
      STT_BASE_URL: 'http://127.0.0.1:9000/v1',
      STT_API_KEY: 'stt-secret',
      STT_MODEL: 'large-v3',
    });
    expect(lineOf(lines, 'Speech-to-text')).toBe('  Speech-to-text: large-v3 at http://127.0.0.1:9000/v1');
    expect(lines.join('\n')).not.toContain('stt-secret');
  });

  it('names the storage: the local folder, or the S3 endpoint and bucket without credentials', async () => {
    expect(lineOf(await banner({ DATA_DIR: 'relative/data' }), 'Storage')).toBe(
      `  Storage: local disk ${path.resolve('relative/data', 'objects')}`,
    );
    const lines = await banner({
      S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
      S3_BUCKET: 'media-bucket',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 's3-secret-access-key',
    });
    expect(lineOf(lines, 'Storage')).toBe(
      '  Storage: S3 https://s3.eu-west-1.amazonaws.com, bucket media-bucket',
    );
    expect(lines.join('\n')).not.toMatch(/AKIAEXAMPLE|s3-secret-access-key/);
  });

  it('repeats what disagrees with the other processes', async () => {
    const lines = await banner({}, ['this server runs the jobs in-process beside dedicated workers']);
    expect(lines).toContain('  Warning: this server runs the jobs in-process beside dedicated workers');
  });
});
