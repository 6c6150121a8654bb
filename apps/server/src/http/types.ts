import type { UiLanguage } from '@subtrans/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'user' and 'manager' refuse callers without a session (or without the manager flag) */
    auth?: 'optional' | 'user' | 'manager';
    /** the scope an API key needs for the call (from the contract's map); none: keys are refused */
    keyScope?: 'read' | 'translate';
  }
  interface FastifyRequest {
    lang: UiLanguage;
  }
}
