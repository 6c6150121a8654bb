import type { UiLanguage } from '@subtrans/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'user' and 'manager' refuse callers without a session (or without the manager flag) */
    auth?: 'optional' | 'user' | 'manager';
    /** the scope an API key needs for the call (from the contract's map); none: keys are refused */
    keyScope?: 'read' | 'translate';
    /**
     * the call takes an Idempotency-Key (modules/idempotency): its request is the JSON body, or
     * (`form`) the multipart form the handler reads
     */
    idempotent?: 'body' | 'form';
  }
  interface FastifyRequest {
    lang: UiLanguage;
    /**
     * On a `form` call with an Idempotency-Key: claims the key for the form read (its hash), or
     * throws the answer to give instead (http/multipart.ts calls it once the form is read).
     */
    claimIdempotency: ((formHash: string) => Promise<void>) | null;
  }
}
