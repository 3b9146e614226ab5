// Closes a popup (a menu, a list, a details card) when the person presses anywhere outside it.
import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `active`, a press outside `ref`'s element calls `onOutside`. The press is heard on `mousedown` by default,
 * before the click lands, so the popup is gone before whatever was pressed reacts; `pointerdown` also hears touch
 * and pen presses (the export menu listens for those).
 */
export function useClickOutside(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onOutside: () => void,
  event: 'mousedown' | 'pointerdown' = 'mousedown',
): void {
  // The latest callback, without re-subscribing on each render.
  const callback = useRef(onOutside);
  callback.current = onOutside;
  useEffect(() => {
    if (!active) return;
    const onPress = (press: Event) => {
      if (!ref.current?.contains(press.target as Node)) callback.current();
    };
    document.addEventListener(event, onPress);
    return () => document.removeEventListener(event, onPress);
  }, [active, event, ref]);
}
