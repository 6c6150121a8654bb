import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { useCardSdk } from './card-sdk';

const SDK_URL = 'https://static.example.test/components/sdk/v1/index.js';

describe('the card SDK loader (SPEC §4: idle, loading, loaded, error; retry reloads)', () => {
  /** the script tags the loader adds (kept out of the document: the test plays the network) */
  let added: HTMLScriptElement[];
  beforeEach(() => {
    added = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      added.push(node as unknown as HTMLScriptElement);
      return node;
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    delete window.AirwallexComponentsSDK;
  });

  it('stays idle without an address (cards not paid through Airwallex here)', async () => {
    const { result } = renderHook(() => useCardSdk(null));
    await new Promise((r) => setTimeout(r, 10));
    expect(result.current.state).toBe('idle');
    expect(added).toHaveLength(0);
  });

  it('loads the script, fails when it cannot, and a retry loads it again', async () => {
    const { result } = renderHook(() => useCardSdk(SDK_URL));
    await waitFor(() => expect(result.current.state).toBe('loading'));
    expect(added.map((s) => s.src)).toEqual([SDK_URL]);
    // the CDN cannot be reached
    act(() => {
      added[0]!.dispatchEvent(new Event('error'));
    });
    await waitFor(() => expect(result.current.state).toBe('error'));

    act(() => result.current.retry());
    await waitFor(() => expect(added).toHaveLength(2));
    expect(result.current.state).toBe('loading');
    window.AirwallexComponentsSDK = { init: () => Promise.reject(new Error('unused')) };
    act(() => {
      added[1]!.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(result.current.state).toBe('loaded'));
    expect(result.current.sdk.current).toBe(window.AirwallexComponentsSDK);
  });

  it('a script that loads without defining the SDK is an error, not a success', async () => {
    const { result } = renderHook(() => useCardSdk(SDK_URL));
    await waitFor(() => expect(added).toHaveLength(1));
    act(() => {
      added[0]!.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(result.current.state).toBe('error'));
  });
});
