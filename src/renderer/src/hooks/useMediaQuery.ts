// Whether a CSS media query matches now; re-renders when it starts or stops matching.
import { useCallback, useSyncExternalStore } from 'react';

/** Below this width the sidebar becomes an overlay drawer. */
export const NARROW_QUERY = '(max-width: 767px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
