import { describe, expect, it } from 'vitest';
import { originOf, originState } from './origin';

describe('the origin a link hands to the page it opens', () => {
  it('names the page and query the link was followed from', () => {
    const state = originState({ pathname: '/login', search: '?redirect=%2Fassets', state: null }, '/terms');
    expect(originOf(state)).toBe('/login?redirect=%2Fassets');
  });

  it('keeps the origin it had when the link leads to the page already shown', () => {
    const here = { pathname: '/about', search: '', state: { from: '/register' } };
    expect(originOf(originState(here, '/about'))).toBe('/register');
  });

  it('is unknown without state, and never another site', () => {
    expect(originOf(null)).toBeNull();
    expect(originOf({ from: 42 })).toBeNull();
    expect(originOf({ from: '//evil.example/x' })).toBeNull();
    expect(originOf({ from: 'https://evil.example/' })).toBeNull();
  });
});
