// Where a chat is scrolled, as a position that survives a restart: "following the newest message", or the stored
// message at the top of the view plus how many pixels of it are above the view. Pixels alone would not do: row
// heights are only estimates until rows render, so the same pixel offset lands elsewhere after a restart.
import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { MessageRef } from '../../../shared/sessions';
import type { ScrollAnchor } from '../../../shared/ui-state';

/** At most one report per this many ms while scrolling; the last position is always reported. */
const REPORT_EVERY_MS = 250;
/** Frames to keep the restored message in place while rows above it are measured and change height. */
const SETTLE_FRAMES = 30;

interface Options {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  scrollRef: RefObject<HTMLDivElement | null>;
  refs: readonly (MessageRef | undefined)[] | undefined;
  /** Where the chat was when last seen; read once, when the list mounts. */
  initial: ScrollAnchor | undefined;
  /** Within this many pixels of the end the list counts as following the newest message. */
  atEndPx: number;
  onChange: ((anchor: ScrollAnchor) => void) | undefined;
  /** A value whose change (a jump to a search result) ends restoring; while set at open, nothing is restored. */
  interrupt: unknown;
}

/** The anchor of the view now: the first stored message whose bottom is below the view's top. */
export function anchorOf(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  el: HTMLElement,
  refs: readonly (MessageRef | undefined)[] | undefined,
  atEndPx: number,
): ScrollAnchor | undefined {
  if (el.scrollHeight - el.scrollTop - el.clientHeight <= atEndPx) return { atBottom: true };
  // The layout position, in the same coordinates as the rows' starts (the element can lag it by a held correction).
  const top = virtualizer.scrollOffset ?? el.scrollTop;
  const items = virtualizer.measurementsCache;
  let index = virtualizer.getVirtualItemForOffset(top)?.index ?? -1;
  if (index < 0) return undefined;
  if ((items[index]?.end ?? 0) <= top) index++;
  while (index < items.length && refs?.[index] === undefined) index++;
  const item = items[index];
  const messageId = refs?.[index]?.id;
  if (!item || messageId === undefined) return undefined;
  return { messageId, offset: Math.round(top - item.start) };
}

/**
 * Reports the view's anchor while the person scrolls (throttled) and restores `initial` once, when the list opens.
 * Returns `restore`, which the list calls instead of scrolling to the end: false when there is nothing to restore.
 */
export function useScrollAnchor({ virtualizer, scrollRef, refs, initial, atEndPx, onChange, interrupt }: Options): () => boolean {
  const latest = useRef({ refs, onChange });
  useLayoutEffect(() => {
    latest.current = { refs, onChange };
  });
  const initialAnchor = useRef(initial).current;
  const interruptedBy = useRef(interrupt);
  const stopRestoring = useRef<() => void>(() => {});
  useEffect(() => {
    if (interrupt === interruptedBy.current) return;
    interruptedBy.current = interrupt;
    stopRestoring.current();
  }, [interrupt]);
  useEffect(() => () => stopRestoring.current(), []);

  // A layout effect: its cleanup runs before React removes the list from the page. A detached element measures 0 high
  // and scrolled to 0, which reads as "at the bottom": a chat left within the throttle window reopened at its end.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const report = () => {
      timer = undefined;
      if (!el.isConnected) return;
      last = Date.now();
      const anchor = anchorOf(virtualizer, el, latest.current.refs, atEndPx);
      if (anchor) latest.current.onChange?.(anchor);
    };
    const onScroll = () => {
      if (timer !== undefined) return;
      timer = setTimeout(report, Math.max(0, REPORT_EVERY_MS - (Date.now() - last)));
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      // Leaving the chat (switch, close) reports where it was, even within the throttle window.
      if (timer !== undefined) {
        clearTimeout(timer);
        report();
      }
    };
  }, [virtualizer, scrollRef, atEndPx]);

  return useCallback(() => {
    if (!initialAnchor || 'atBottom' in initialAnchor || interruptedBy.current != null) return false;
    const index = latest.current.refs?.findIndex((ref) => ref?.id === initialAnchor.messageId) ?? -1;
    const el = scrollRef.current;
    if (index < 0 || !el) return false;
    const { offset } = initialAnchor;
    const place = () => {
      const start = virtualizer.measurementsCache[index]?.start;
      if (start !== undefined) virtualizer.scrollToOffset(Math.max(0, start + offset));
    };
    place();
    // Rows above the anchor get measured as they render and change height: keep the message where it was until
    // they settle, or until the person scrolls themselves.
    let frames = 0;
    let handle = 0;
    const stop = () => {
      stopRestoring.current = () => {};
      cancelAnimationFrame(handle);
      for (const type of ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const) el.removeEventListener(type, stop);
    };
    for (const type of ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const) el.addEventListener(type, stop, { passive: true });
    stopRestoring.current = stop;
    const settle = () => {
      place();
      if (++frames < SETTLE_FRAMES) handle = requestAnimationFrame(settle);
      else stop();
    };
    handle = requestAnimationFrame(settle);
    return true;
  }, [initialAnchor, scrollRef, virtualizer]);
}
