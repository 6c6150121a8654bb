import { useCallback, useRef, useState } from 'react';

/**
 * The width of an element (its content box), kept up to date by a ResizeObserver: for a layout
 * that depends on the room a part of the page has, not on the window (the dashboard's menu takes
 * 232 px of a laptop's width and none of a phone's). `guess` is the width before the first
 * report; without ResizeObserver it stays.
 */
export function useWidth<E extends HTMLElement>(guess: () => number) {
  const [width, setWidth] = useState(guess);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: E | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(([entry]) => {
      const box = entry?.contentBoxSize[0];
      // 0: not laid out (hidden); the last width holds
      if (box && box.inlineSize > 0) setWidth(Math.round(box.inlineSize));
    });
    observer.current.observe(el);
  }, []);
  return { ref, width };
}
