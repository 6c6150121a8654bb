import type { UiLanguage } from '@subtrans/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'user' and 'manager' refuse callers without a session (or without the manager flag) */
    auth?: 'optional' | 'user' | 'manager';
  }
  interface FastifyRequest {
    lang: UiLanguage;
  }
}
