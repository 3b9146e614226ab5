// Following the newest message is the person's choice, not a geometric accident: the list follows from the moment
// the view reaches the end until the person scrolls up, and while it follows, anything that moves the end — a row
// appended or measured taller than its estimate, an answer growing, the view made shorter by the composer or the
// queue strip — brings the view back to the end. The virtualizer's own follow only looks at the geometry when a row
// is appended; a row measured a few pixels taller just before (events reach the window one IPC message per task)
// left it "not at the end", and every later row of a follow-on run slid below the fold.
// Sending is a choice too: whatever the person sends brings the view to the end and follows (MessageList's `sent`).
// After a send only the person's own hand (wheel, touch, keys, a press on the scrollbar) can stop following: the
// virtualizer's scroll to an end it had estimated short moved the view up by a row, which read as "scrolled up" on a
// busy machine and left the view off the end for good.
import { useCallback, useEffect, useRef, type RefObject } from 'react';

interface Options {
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The element whose height is the list's content height (observed for growth). */
  contentRef: RefObject<HTMLDivElement | null>;
  /** Within this many pixels of the end the view counts as at the end. */
  atEndPx: number;
  /** Whether the list opens following (false when it opens at a saved place or a search result). */
  initiallyFollowing: boolean;
}

const gapToEnd = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

/**
 * Keeps a following list at its end; the person leaves by scrolling up and comes back by reaching the end or by
 * sending. Returns `follow`, which starts following and goes to the end now.
 */
export function useFollowEnd({ scrollRef, contentRef, atEndPx, initiallyFollowing }: Options): () => void {
  const following = useRef(initiallyFollowing);
  // Set by a send; cleared by the person's next input on the list.
  const sentFollow = useRef(false);
  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!el || !content) return;
    let lastTop = el.scrollTop;
    // Reaching the end starts following; moving up away from it stops. Scrolls that move down without reaching the
    // end (a follow that landed on an estimate) change nothing.
    const onScroll = () => {
      const gap = gapToEnd(el);
      if (gap <= atEndPx) following.current = true;
      else if (sentFollow.current) el.scrollTop = el.scrollHeight;
      else if (el.scrollTop < lastTop) following.current = false;
      lastTop = el.scrollTop;
    };
    const byHand = () => {
      sentFollow.current = false;
    };
    const handEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const type of handEvents) el.addEventListener(type, byHand, { passive: true });
    const keepAtEnd = () => {
      if (following.current && gapToEnd(el) > 0) el.scrollTop = el.scrollHeight;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(keepAtEnd);
    observer?.observe(el);
    observer?.observe(content);
    return () => {
      el.removeEventListener('scroll', onScroll);
      for (const type of handEvents) el.removeEventListener(type, byHand);
      observer?.disconnect();
    };
  }, [scrollRef, contentRef, atEndPx]);

  return useCallback(() => {
    following.current = true;
    sentFollow.current = true;
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [scrollRef]);
}
