import { useCallback, useEffect, useRef, useState } from 'react';

/** What we use of Airwallex's components SDK (window.AirwallexComponentsSDK). */
interface AirwallexSdk {
  init(options: { env: 'demo' | 'prod'; enabledElements: string[] }): Promise<{
    payments: {
      redirectToCheckout(props: {
        intent_id: string;
        client_secret: string;
        currency: string;
        successUrl: string;
        failUrl: string;
      }): void | string;
    };
  }>;
}

declare global {
  interface Window {
    AirwallexComponentsSDK?: AirwallexSdk;
  }
}

export type SdkState = 'idle' | 'loading' | 'loaded' | 'error';

let loading: Promise<AirwallexSdk> | null = null;

/** Adds the SDK's script once; a failed load can be tried again (the broken tag is removed). */
export function loadCardSdk(url: string): Promise<AirwallexSdk> {
  if (window.AirwallexComponentsSDK) return Promise.resolve(window.AirwallexComponentsSDK);
  loading ??= new Promise<AirwallexSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.cardSdk = 'true';
    const fail = () => {
      script.remove();
      loading = null;
      reject(new Error('card SDK failed to load'));
    };
    script.onload = () => {
      const sdk = window.AirwallexComponentsSDK;
      if (!sdk) return fail();
      // from now on the global is the cache
      loading = null;
      resolve(sdk);
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * SPEC §4 payment SDK loader: idle → loading → loaded | error; `retry` resets and loads again.
 * Loaded only where card payments use Airwallex (`url` null: nothing to load).
 */
export function useCardSdk(url: string | null) {
  const [state, setState] = useState<SdkState>('idle');
  const sdk = useRef<AirwallexSdk | null>(null);
  const load = useCallback(() => {
    if (!url) return;
    setState('loading');
    loadCardSdk(url).then(
      (s) => {
        sdk.current = s;
        setState('loaded');
      },
      () => setState('error'),
    );
  }, [url]);
  useEffect(() => {
    if (!url) return;
    const timer = setTimeout(load, 0);
    return () => clearTimeout(timer);
  }, [url, load]);
  return { state, sdk, retry: load };
}
