import type { SiteConfig } from '@subtrans/contract';
import { AppError } from '../../http/errors.js';

/** What a host's profile allows, as the server enforces it (the page only shows it). */
export type HostRules = Pick<SiteConfig, 'googleTranslation'>;

/** Whether a translation engine may be used on the host: Google only where its profile offers it. */
export function engineOfferedOnHost(host: HostRules, engine: string): boolean {
  return engine !== 'google' || host.googleTranslation;
}

/** Refuses an engine the host's profile does not offer (ENGINE_NOT_ON_HOST). */
export function assertEngineOnHost(host: HostRules, engine: string): void {
  if (!engineOfferedOnHost(host, engine)) throw new AppError('ENGINE_NOT_ON_HOST', engine);
}
