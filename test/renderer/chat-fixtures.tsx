// Shared set-up of the conversation-view tests: message builders, a layout for happy-dom (which has none), a
// clipboard that records what was written, and the DOM fixes DOMPurify needs (markdown-dom.ts).
import { act, render, screen, type RenderResult } from '@testing-library/react';
import type { JSX } from 'react';
import { vi } from 'vitest';
import { MessageList } from '../../src/renderer/src/chat/MessageList';
import type { MessageListProps } from '../../src/renderer/src/chat/types';
import { LocaleContext, type Locale } from '../../src/renderer/src/i18n';
import {
  emptyUsage,
  type AssistantMessage,
  type Message,
  type PartialStopReason,
  type ToolResultMessage,
  type UserMessage,
} from '../../src/shared/messages';
import { conformDomForPurify } from './markdown-dom';

// Every list test renders model output through DOMPurify, which needs happy-dom to walk the DOM like a browser.
conformDomForPurify(window);

export function user(text: string): UserMessage {
  return { role: 'user', content: text, timestamp: 1 };
}

export function assistant(
  text: string,
  opts: {
    thinking?: string;
    stopReason?: PartialStopReason;
    toolCalls?: Array<{ id: string; name: string; arguments: Record<string, unknown> }>;
  } = {},
): AssistantMessage {
  const content: AssistantMessage['content'] = [];
  if (opts.thinking !== undefined) content.push({ type: 'thinking', thinking: opts.thinking });
  if (text !== '') content.push({ type: 'text', text });
  for (const call of opts.toolCalls ?? []) content.push({ type: 'toolCall', ...call });
  return { role: 'assistant', content, model: 'm', usage: emptyUsage(), stopReason: opts.stopReason ?? 'stop', timestamp: 2 };
}

export function toolResult(name: string, text: string, isError = false): ToolResultMessage {
  return { role: 'toolResult', toolCallId: 'c1', toolName: name, content: [{ type: 'text', text }], isError, timestamp: 3 };
}

export function streamingAssistant(text: string, thinking?: string): AssistantMessage {
  return assistant(text, { stopReason: 'pending', ...(thinking === undefined ? {} : { thinking }) });
}

/** `count` messages alternating user / assistant, each saying its index. */
export function conversation(count: number): Message[] {
  return Array.from({ length: count }, (_, i) => (i % 2 === 0 ? user(`question ${i}`) : assistant(`answer ${i}`)));
}

export const VIEWPORT = 600;
export const ROW_HEIGHT = 100;

/**
 * happy-dom does no layout: the list reports a 600 px viewport, every row 100 px, and a scroll height that follows
 * the virtualizer's sizer, so the virtualizer computes ranges as a browser would. Installed once per test file.
 */
export function installLayout(): void {
  const isList = (el: HTMLElement): boolean => el.dataset.testid === 'message-list';
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? VIEWPORT : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? 800 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (!isList(this)) return 0;
      const sizer = this.firstElementChild as HTMLElement | null;
      return Math.max(VIEWPORT, Number.parseFloat(sizer?.style.height ?? '0') || 0);
    },
  });
  // Browsers fire `scroll` (on the next frame) whenever the position changes, whoever changed it.
  const scrollTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop');
  if (!scrollTop?.get || !scrollTop.set) throw new Error('happy-dom has no Element.scrollTop to wrap');
  const { get, set } = scrollTop;
  Object.defineProperty(Element.prototype, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      return get.call(this) as number;
    },
    set(this: Element, value: number) {
      const before = get.call(this) as number;
      const max = Math.max(0, this.scrollHeight - this.clientHeight);
      set.call(this, Math.min(Math.max(0, value), max));
      if (get.call(this) !== before) requestAnimationFrame(() => this.dispatchEvent(new Event('scroll')));
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('chat-row') ? ROW_HEIGHT : 0;
    },
  });
}

/** Replaces navigator.clipboard with a recorder. */
export function installClipboard(): { writes: string[] } {
  const writes: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: vi.fn(async (text: string) => void writes.push(text)) },
  });
  return { writes };
}

export function listProps(overrides: Partial<MessageListProps> = {}): MessageListProps {
  return { sessionKey: 's1', messages: [], streamingIndex: -1, onOpenLink: vi.fn(), ...overrides };
}

function Localized({ locale, children }: { locale: Locale; children: JSX.Element }): JSX.Element {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

/** Renders a MessageList; `rerender` takes new props. */
export function renderList(props: MessageListProps, locale: Locale = 'en'): RenderResult & { update(next: MessageListProps): void } {
  const result = render(
    <Localized locale={locale}>
      <MessageList {...props} />
    </Localized>,
  );
  return Object.assign(result, {
    update(next: MessageListProps) {
      result.rerender(
        <Localized locale={locale}>
          <MessageList {...next} />
        </Localized>,
      );
    },
  });
}

/** Lets a few animation frames run (scroll events, the virtualizer's settling), inside act. */
export async function frames(count = 4): Promise<void> {
  await act(async () => {
    for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  });
}

/** Waits until the list counts as no longer scrolling (the virtualizer's 150 ms without a scroll event), then a few frames. */
export async function settled(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  await frames();
}

/** Scrolls the list to `top` as the person would (a wheel turn, then the move), then lets the resulting frames run. */
export async function scrollList(top: number): Promise<void> {
  await act(async () => {
    const list = screen.getByTestId('message-list');
    list.dispatchEvent(new WheelEvent('wheel', { deltaY: top - list.scrollTop, bubbles: true }));
    list.scrollTop = top;
  });
  await frames();
}
