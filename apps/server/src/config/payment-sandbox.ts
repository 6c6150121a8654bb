import { isIPv4 } from 'node:net';

/** What decides whether the sandbox checkout exists (a deployment setting, never a host's). */
export interface SandboxInputs {
  PAYMENT_SANDBOX: 'auto' | 'true' | 'false';
  PUBLIC_URL?: string | undefined;
  /** the interface the server listens on (default 127.0.0.1) */
  HOST?: string | undefined;
  ALIPAY_APP_ID?: string | undefined;
  AIRWALLEX_CLIENT_ID?: string | undefined;
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: an address only this machine reaches */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIPv4(host)) return host.startsWith('127.');
  return host === '::1';
}

/** The real payment providers the environment configures (their credentials are checked as pairs). */
export function realPaymentProviders(env: SandboxInputs): string[] {
  return [
    ...(env.ALIPAY_APP_ID ? ['Alipay (ALIPAY_APP_ID)'] : []),
    ...(env.AIRWALLEX_CLIENT_ID ? ['Airwallex (AIRWALLEX_CLIENT_ID)'] : []),
  ];
}

/**
 * `auto`: on only when no real provider is configured at all, PUBLIC_URL is unset or a loopback
 * address, and the server listens on a loopback interface only (a machine of one's own): a server
 * on 0.0.0.0 without PUBLIC_URL is reachable from elsewhere, and unknown hosts are answered as
 * PUBLIC_URL's, so its sandbox would credit points to anyone who reaches it. `true` / `false`: as
 * set (parseEnv refuses `true` beside a real provider). NODE_ENV plays no part: deployments forget
 * to set it.
 */
export function sandboxEnabled(env: SandboxInputs): boolean {
  if (env.PAYMENT_SANDBOX !== 'auto') return env.PAYMENT_SANDBOX === 'true';
  if (realPaymentProviders(env).length) return false;
  if (!isLoopbackHost(env.HOST ?? '127.0.0.1')) return false;
  return !env.PUBLIC_URL || isLoopbackHost(new URL(env.PUBLIC_URL).hostname);
}
