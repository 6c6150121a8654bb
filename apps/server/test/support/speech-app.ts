import type { FastifyBaseLogger } from 'fastify';
import { startTestApp, type TestApp } from '../harness.js';
import { startTranscriptionServer } from './transcription-server.js';
import { startOpenAiServer } from './translation-servers.js';

/** the DeepSeek key the app is configured with and its engine expects */
export const SPEECH_APP_KEY = 'ds-key';

export interface SpeechApp {
  t: TestApp;
  /** a DeepSeek-protocol engine (translation-servers.ts) */
  engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  /** a transcription server (transcription-server.ts) */
  stt: Awaited<ReturnType<typeof startTranscriptionServer>>;
  close(): Promise<void>;
}

/**
 * A test app with its queue running, translating with a local DeepSeek-protocol engine and
 * transcribing with a local speech server, for the tests that take a task or a recording
 * through to its end; `env` adds to (or overrides) that configuration.
 */
export async function startSpeechApp(
  env: Record<string, string> = {},
  opts: { dataDir?: string; log?: FastifyBaseLogger } = {},
): Promise<SpeechApp> {
  const engine = await startOpenAiServer(SPEECH_APP_KEY);
  const stt = await startTranscriptionServer();
  const t = await startTestApp({
    ...opts,
    queue: true,
    env: {
      DEEPSEEK_API_KEY: SPEECH_APP_KEY,
      DEEPSEEK_BASE_URL: engine.url,
      STT_BASE_URL: stt.baseUrl,
      ...env,
    },
  });
  return {
    t,
    engine,
    stt,
    close: async () => {
      await t.close();
      await engine.close();
      await stt.close();
    },
  };
}
