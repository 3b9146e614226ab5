// The conversation view: a virtualized list of message rows that follows a streaming answer while the person is at
// the bottom, and offers "jump to latest" once they scroll up. Sending anything brings the view back to the end.
import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type JSX, type MouseEvent } from 'react';
import type { Message } from '../../../shared/messages';
import { useT } from '../i18n';
import { clearMarks, markText } from '../search/highlight';
import './chat.css';
import { handleListClick } from './listClicks';
import { MessageRow } from './MessageRow';
import { CondensedMarker } from './condense/CondensedMarker';
import { estimateRowHeight, PLACEHOLDER_PX, useRowLayout } from './rowLayout';
import { ScrollMotion } from './scrollMotion';
import { useSourcesByAnswer } from './sources/answerSourcesMap';
import { ToolResultsContext, useToolResultsMap } from './tools/toolResults';
import type { MessageListProps } from './types';
import { useFollowEnd } from './useFollowEnd';
import { useScrollAnchor } from './useScrollAnchor';
import { RowActionsContext, type RowActions } from './versions/rowActions';

/** Rows rendered beyond each edge of the viewport. */
const OVERSCAN = 6;
/**
 * Rows rendered beyond each edge while the list flies past: a fling crosses more than a screen a frame, so rows
 * rendered ahead of the view are gone before they are seen, and each costs its markdown and layout.
 */
const FLIGHT_OVERSCAN = 1;
/** Within this many pixels of the end the list counts as "at the bottom" and follows new text. */
const AT_END_PX = 8;
/**
 * "Jump to latest" shows beyond this distance: a little more than AT_END_PX, so the button does not blink while the
 * list catches up with a growing answer; a person who stopped in between sees it as soon as new text arrives.
 */
const JUMP_AFTER_PX = 48;
/** Viewport height assumed until the real one is measured. */
const INITIAL_VIEWPORT = 800;
const LIST_PADDING = 16;
/** Within this many screens of the end, the layout is anchored at the end (see `anchorTo`). */
const NEAR_END_SCREENS = 2;
/** Rows beyond each edge of the rendered ones whose messages are asked for, so a page usually lands before it shows. */
const LOAD_MARGIN = 30;

/**
 * Whether the person has left the end of the list: both the element and the virtualizer's layout say so. While the
 * list follows a growing answer the element can lag the layout for a frame (a scroll write clamped until the taller
 * content is rendered); the layout is already at the end then, so "jump to latest" does not blink.
 */
function isAwayFromEnd(instance: Virtualizer<HTMLDivElement, Element>): boolean {
  const el = instance.scrollElement;
  if (!el) return false;
  const fromElement = el.scrollHeight - el.scrollTop - el.clientHeight;
  const fromLayout = distanceFromEnd(instance, el.clientHeight);
  return fromElement > JUMP_AFTER_PX && fromLayout > JUMP_AFTER_PX;
}

/** How far the view's bottom is from the end of the list's layout, in pixels. */
function distanceFromEnd(instance: Virtualizer<HTMLDivElement, Element>, viewHeight = INITIAL_VIEWPORT): number {
  return instance.getTotalSize() - (instance.scrollOffset ?? 0) - (instance.scrollRect?.height ?? viewHeight);
}

/** The first row in view and how many rows the view shows (at least one). */
function rowsInView(instance: Virtualizer<HTMLDivElement, Element>, items: readonly VirtualItem[]): [number, number] {
  const top = instance.scrollOffset ?? 0;
  const bottom = top + (instance.scrollRect?.height ?? INITIAL_VIEWPORT);
  let first = -1;
  let count = 0;
  for (const item of items) {
    if (item.end <= top || item.start >= bottom) continue;
    if (first < 0) first = item.index;
    count += 1;
  }
  return [first < 0 ? (items[0]?.index ?? 0) : first, Math.max(1, count)];
}

/** The last assistant answer, when no user message follows it; -1 otherwise. */
function lastAnswerIndex(messages: readonly (Message | undefined)[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const role = messages[i]?.role;
    if (role === 'assistant') return i;
    if (role === 'user') return -1;
  }
  return -1;
}

/**
 * Whether the row at `index` offers Regenerate: a stored answer that ends its turn (a question or nothing follows).
 * Without refs (nothing known to be stored) only the last answer does.
 */
function isRegenerable(props: Pick<MessageListProps, 'messages' | 'refs' | 'unsavedFrom'>, index: number, lastAnswer: number): boolean {
  const { messages, refs, unsavedFrom = -1 } = props;
  if (messages[index]?.role !== 'assistant' || (unsavedFrom >= 0 && index >= unsavedFrom)) return false;
  if (!refs) return index === lastAnswer;
  const next = messages[index + 1]?.role;
  return refs[index] !== undefined && (next === undefined || next === 'user');
}

/** The conversation of one session; a new `sessionKey` starts a fresh view scrolled to the latest messages. */
export function MessageList(props: MessageListProps): JSX.Element {
  return <SessionMessages key={props.sessionKey} {...props} />;
}

function SessionMessages(props: MessageListProps): JSX.Element {
  const {
    messages,
    streamingIndex,
    refs,
    unsavedFrom = -1,
    onRegenerate,
    onEdit,
    onSwitchVersion,
    onOpenLink,
    onNeedRows,
    focus,
    onFork,
  } = props;
  const t = useT();
  const scrollRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ messages, onRegenerate, onEdit, onSwitchVersion, onOpenLink, onFork });
  useLayoutEffect(() => {
    latest.current = { messages, onRegenerate, onEdit, onSwitchVersion, onOpenLink, onFork };
  });
  const fork = useCallback((messageId: string) => latest.current.onFork?.(messageId), []);
  const hasFork = onFork !== undefined;

  // Stable, so memoized rows and their action parts never re-render because the shell passed a new function.
  const regenerate = useCallback((messageId: string | undefined) => latest.current.onRegenerate?.(messageId), []);
  const [editing, setEditing] = useState<string | null>(null);
  const editDrafts = useRef(new Map<string, string>()).current;
  const saveEdit = useCallback((messageId: string, text: string) => {
    setEditing(null);
    latest.current.onEdit?.(messageId, text);
  }, []);
  const switchVersion = useCallback((messageId: string, version: number) => latest.current.onSwitchVersion?.(messageId, version), []);
  const idle = (props.idle ?? true) && streamingIndex === -1;
  const hasRegenerate = onRegenerate !== undefined;
  const hasEdit = onEdit !== undefined;
  const hasSwitch = onSwitchVersion !== undefined;
  const actions = useMemo<RowActions>(
    () => ({
      idle,
      editing,
      editDrafts,
      startEdit: setEditing,
      cancelEdit: () => setEditing(null),
      ...(hasEdit && { saveEdit }),
      ...(hasRegenerate && { regenerate }),
      ...(hasSwitch && { switchVersion }),
      ...(hasFork && { fork }),
    }),
    [idle, editing, editDrafts, hasEdit, hasRegenerate, hasSwitch, saveEdit, regenerate, switchVersion, hasFork, fork],
  );
  const { estimateSize, getItemKey } = useRowLayout(messages);

  const [awayFromEnd, setAwayFromEnd] = useState(false);
  const awayCheck = useRef(0);
  useEffect(() => () => cancelAnimationFrame(awayCheck.current), []);
  const motion = useRef(new ScrollMotion()).current;
  // As the last render left the view (a list opens at its end).
  const nearEnd = useRef(true);
  const laidOutInFlight = motion.flying;
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    // As the last render found the motion: a flight is judged from the rows it moved across.
    overscan: laidOutInFlight ? FLIGHT_OVERSCAN : OVERSCAN,
    paddingStart: LIST_PADDING,
    paddingEnd: LIST_PADDING,
    // Keep the bottom pinned while the last row grows, and follow appended rows, whenever the view is at the end.
    // Far from the end there is nothing to pin, and the end anchor would make the virtualizer lay out every row below
    // each row it measures (to learn whether the view is at the end): a page landing near the top of a 20,000-row
    // chat would lay out 20,000 rows per row shown.
    anchorTo: nearEnd.current ? 'end' : 'start',
    followOnAppend: true,
    scrollEndThreshold: AT_END_PX,
    initialRect: { width: 0, height: INITIAL_VIEWPORT },
    // After every scroll and every measurement, once the virtualizer has taken it into account: checked once in the
    // next frame, however many rows were measured in this one (each check lays out the list and sums every row), and
    // a frame late on purpose — appended rows can leave the view short of the end for one frame before it follows.
    onChange: (instance) => {
      if (awayCheck.current) return;
      awayCheck.current = requestAnimationFrame(() => {
        awayCheck.current = 0;
        setAwayFromEnd(isAwayFromEnd(instance));
      });
    },
    // Open at the end: the first render already lays out the latest rows, not the first ones.
    initialOffset: () => {
      let total = LIST_PADDING * 2;
      for (const message of latest.current.messages) total += estimateRowHeight(message);
      return Math.max(0, total - INITIAL_VIEWPORT);
    },
  });

  nearEnd.current = distanceFromEnd(virtualizer) <= NEAR_END_SCREENS * (virtualizer.scrollRect?.height ?? INITIAL_VIEWPORT);

  const contentRef = useRef<HTMLDivElement>(null);
  const followEnd = useFollowEnd({
    scrollRef,
    contentRef,
    atEndPx: AT_END_PX,
    initiallyFollowing: !(props.scrollAnchor && 'messageId' in props.scrollAnchor) && !(focus && focus.index >= 0),
  });

  const restoreAnchor = useScrollAnchor({
    virtualizer,
    scrollRef,
    refs,
    initial: props.scrollAnchor,
    atEndPx: AT_END_PX,
    onChange: props.onScrollAnchor,
    interrupt: focus?.nonce,
  });
  // Something the person sent: the view goes to it, and follows the answer, however far up it was.
  const sent = props.sent;
  const seenSent = useRef(sent);
  useLayoutEffect(() => {
    if (sent === seenSent.current) return;
    seenSent.current = sent;
    followEnd();
    virtualizer.scrollToEnd();
  }, [sent, followEnd, virtualizer]);

  const scrolledToEnd = useRef(false);
  useLayoutEffect(() => {
    if (scrolledToEnd.current || messages.length === 0) return;
    scrolledToEnd.current = true;
    if (!restoreAnchor()) virtualizer.scrollToEnd();
  }, [messages.length, virtualizer, restoreAnchor]);

  // Rows near the view that are not loaded yet are asked for; the store asks main once per gap edge. While the list
  // flies past (a fling, a dragged scrollbar: scrollMotion.ts) it waits until the scrolling stops, so the pages asked
  // are where the person looks, not every page on the way.
  const items = virtualizer.getVirtualItems();
  const firstShown = items[0]?.index ?? 0;
  const lastShown = items.at(-1)?.index ?? -1;
  const scrolling = virtualizer.isScrolling;
  const flying = motion.update(...rowsInView(virtualizer, items), performance.now(), scrolling);
  // A flight that just ended (or began) lays the rows out again with the margin that fits.
  const [, layOutAgain] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (flying !== laidOutInFlight) layOutAgain();
  }, [flying, laidOutInFlight]);
  useEffect(() => {
    if (!onNeedRows) return;
    const from = Math.max(0, firstShown - LOAD_MARGIN);
    const to = Math.min(messages.length, lastShown + 1 + LOAD_MARGIN);
    let missing = false;
    let loaded = false;
    for (let i = from; i < to && !(missing && loaded); i++) {
      if (messages[i] === undefined) missing = true;
      else loaded = true;
    }
    if (missing && ((loaded && !flying) || !scrolling)) onNeedRows(from, to);
  }, [firstShown, lastShown, scrolling, flying, messages, onNeedRows]);

  // A search result or the find bar asked for a message: bring it to the middle of the view and mark it.
  const [focusedIndex, setFocusedIndex] = useState(-1);
  const focusNonce = focus?.nonce;
  useEffect(() => {
    if (!focus || focus.index < 0 || focus.index >= latest.current.messages.length) return;
    setFocusedIndex(focus.index);
    virtualizer.scrollToIndex(focus.index, { align: 'center' });
    // Only a new request jumps; later renders of the same one must not pull the view back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusNonce, virtualizer]);
  // Rows mount and unmount as the list scrolls, so the marks are laid again after every render while asked for.
  // The current occurrence is counted in the focused message's text (its content, as main counts it: not its reasoning).
  const markQuery = focus?.query ?? '';
  const occurrence = focus?.occurrence ?? 0;
  useEffect(() => {
    const row = scrollRef.current?.querySelector(`.chat-row[data-index="${focusedIndex}"]`);
    const within = row?.querySelector('[data-testid="message-content"]') ?? null;
    if (markQuery) markText(scrollRef.current, markQuery, { within, occurrence });
    else clearMarks();
  });
  useEffect(() => () => clearMarks(), []);

  const onClick = useCallback(
    (event: MouseEvent) => {
      const ours = handleListClick(event.target, (url) => latest.current.onOpenLink(url), {
        copyCode: t('chat.copyCode'),
        copied: t('chat.copied'),
      });
      if (ours) event.preventDefault();
    },
    [t],
  );

  const toolResults = useToolResultsMap(messages);
  const sources = useSourcesByAnswer(messages, toolResults, !idle);
  const showJump = messages.length > 0 && awayFromEnd;
  const lastAnswer = lastAnswerIndex(messages);

  return (
    <ToolResultsContext.Provider value={toolResults}>
      <RowActionsContext.Provider value={actions}>
        <div className="chat-view">
          <div
            ref={scrollRef}
            className="chat-scroll"
            data-testid="message-list"
            role="log"
            aria-label={t('chat.listLabel')}
            // While an answer is written, assistive technology waits and reads it once it is complete.
            aria-busy={streamingIndex >= 0}
            tabIndex={0}
            onClick={onClick}
            onAuxClick={(event) => {
              // A middle click opens a link like a click; other buttons never navigate either.
              if (event.button === 1) onClick(event);
              else if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
            }}
          >
            <div ref={contentRef} className="chat-sizer" style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const message = messages[item.index];
                if (!message)
                  return (
                    <div
                      key={item.key}
                      ref={virtualizer.measureElement}
                      className="chat-row chat-placeholder"
                      data-index={item.index}
                      data-testid="message-placeholder"
                      aria-hidden="true"
                      style={{ transform: `translateY(${item.start}px)`, height: PLACEHOLDER_PX }}
                    />
                  );
                const ref = refs?.[item.index];
                return (
                  <div
                    key={item.key}
                    ref={virtualizer.measureElement}
                    className={item.index === focusedIndex ? 'chat-row focused' : 'chat-row'}
                    data-index={item.index}
                    data-focused={item.index === focusedIndex || undefined}
                    data-latest={item.index === messages.length - 1 || undefined}
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <MessageRow
                      message={message}
                      index={item.index}
                      streaming={item.index === streamingIndex}
                      messageId={ref?.id}
                      version={ref?.version}
                      versions={ref?.versions}
                      regenerable={isRegenerable(props, item.index, lastAnswer)}
                      unsaved={unsavedFrom >= 0 && item.index >= unsavedFrom}
                      sources={sources.get(item.index)}
                    />
                    <CondensedMarker messageId={ref?.id} />
                    {unsavedFrom >= 0 && item.index === messages.length - 1 && props.interrupted}
                  </div>
                );
              })}
            </div>
          </div>
          {/* In a band of its own under the list, never over it: it covered the last bubble and display math. */}
          {showJump && (
            <div className="chat-jump-bar">
              <button type="button" className="chat-jump" data-testid="jump-to-latest" onClick={() => virtualizer.scrollToEnd()}>
                {t('chat.jumpToLatest')}
              </button>
            </div>
          )}
        </div>
      </RowActionsContext.Provider>
    </ToolResultsContext.Provider>
  );
}
