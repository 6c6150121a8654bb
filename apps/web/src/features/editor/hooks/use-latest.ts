import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that holds the value of the last committed render: callbacks read it to stay the same
 * from render to render (memoised rows, the header) and still act on the latest value.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
