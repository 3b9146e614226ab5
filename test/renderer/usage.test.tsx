// Usage and cost as the person sees them: an answer's caption (tokens it reported, cost at its model's price), the
// chat's total in the header (sum over the shown answers, with a keyboard-reachable breakdown), the settings that
// set prices, currency and model-written names, and a model-written name arriving as an event.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyUsage, type AssistantMessage, type Usage } from '../../src/shared/messages';
import type { UsageTotal } from '../../src/shared/usage';
import { MessageMeta } from '../../src/renderer/src/chat/MessageMeta';
import { LocaleContext } from '../../src/renderer/src/i18n';
import { useAppState } from '../../src/renderer/src/store/appState';
import { assistantMessage, createFakeApi, summaryOf, systemMessage, userMessage, type FakeApi } from './fake-api';
import { emit, renderApp, settle, state } from './harness';

type User = Awaited<ReturnType<typeof renderApp>>['user'];
let fake: FakeApi;
let user: User;

const usage = (fields: Partial<Usage>): Usage => ({ ...emptyUsage(), ...fields });
const answer = (fields: Partial<AssistantMessage>): AssistantMessage => ({
  role: 'assistant',
  content: [{ type: 'text', text: 'ok' }],
  model: 'gpt-4o',
  providerId: 'p-openai',
  usage: emptyUsage(),
  stopReason: 'stop',
  timestamp: 1,
  ...fields,
});
const caption = () => screen.getByTestId('message-meta').textContent;

/** The fake's settings with prices for gpt-4o of p-openai (per million: input 1, cached 0.5, output 4). */
function withPrices(): void {
  fake.settings.providers[0]!.prices = { 'gpt-4o': { input: 1, output: 4, cachedInput: 0.5 } };
}

beforeEach(() => {
  fake = createFakeApi();
});

describe('an answer caption', () => {
  beforeEach(() => {
    cleanup();
    act(() => useAppState.setState({ settings: null }));
  });
  const show = (message: AssistantMessage) => render(<MessageMeta message={message} />);
  const reported = usage({ input: 800, cacheRead: 200, output: 50, reasoning: 20, totalTokens: 1_050 });

  it('shows input, cached, output and reasoning tokens, and no cost while no price is set', () => {
    show(answer({ usage: reported }));
    expect(caption()).toBe('gpt-4o · 800 in · 200 cached · 50 out · 20 reasoning');
  });

  it('adds the cost at the price set for the answer’s provider and model, in the chosen currency', () => {
    withPrices();
    act(() => useAppState.setState({ settings: fake.settings }));
    show(answer({ usage: reported }));
    // 800 × 1 + 200 × 0.5 + 50 × 4 = 1,100 per million.
    expect(caption()).toBe('gpt-4o · 800 in · 200 cached · 50 out · 20 reasoning · cost $0.0011');
    act(() => useAppState.setState({ settings: { ...fake.settings, currency: '¥' } }));
    expect(caption()).toContain('cost ¥0.0011');
  });

  it('prices per provider: the same model id from another provider shows no cost', () => {
    withPrices();
    act(() => useAppState.setState({ settings: fake.settings }));
    show(answer({ providerId: 'p-other', usage: reported }));
    expect(caption()).not.toContain('cost');
  });

  it('a provider that reported no usage gets no figures and no cost, never zeros', () => {
    withPrices();
    act(() => useAppState.setState({ settings: fake.settings }));
    show(answer({}));
    expect(caption()).toBe('gpt-4o');
  });

  it('a stopped answer shows the counts main estimated, each marked ≈, and says why', () => {
    withPrices();
    act(() => useAppState.setState({ settings: fake.settings }));
    show(answer({ stopReason: 'aborted', usage: usage({ input: 1_000, output: 250, totalTokens: 1_250, estimated: true }) }));
    // 1,000 × 1 + 250 × 4 = 2,000 per million.
    expect(caption()).toBe('gpt-4o · ≈1,000 in · ≈250 out · cost ≈$0.002');
    expect(screen.getByTestId('message-meta').title).toBe(
      'Estimated (≈): the answer was stopped before the provider reported its usage\nAt the prices set in Settings for gpt-4o',
    );
  });

  it('says so in Chinese', () => {
    withPrices();
    act(() => useAppState.setState({ settings: fake.settings }));
    render(
      <LocaleContext.Provider value="zh-CN">
        <MessageMeta message={answer({ usage: reported })} />
      </LocaleContext.Provider>,
    );
    expect(caption()).toBe('gpt-4o · 输入 800 · 缓存 200 · 输出 50 · 思考 20 · 费用 $0.0011');
  });
});

describe('the chat total in the header', () => {
  const totals: UsageTotal[] = [
    { providerId: 'p-openai', model: 'gpt-4o', answers: 2, input: 1_000, cached: 500, output: 250, reasoning: 100 },
  ];

  async function openChat(usageTotals: UsageTotal[] | undefined): Promise<void> {
    fake.addSession({
      id: 'a',
      name: 'Alpha',
      messages: [systemMessage(), userMessage('q'), assistantMessage('a')],
      ...(usageTotals && { usage: usageTotals }),
    });
    ({ user } = await renderApp(fake));
    await act(() => state().openSession('a'));
    await settle();
  }

  it('shows the shown answers’ tokens, and their cost once the model has a price', async () => {
    withPrices();
    await openChat(totals);
    const total = screen.getByTestId('usage-total');
    expect(total.textContent).toBe('1.8K tokens$0.00225');
    expect(document.getElementById(total.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Tokens of the answers shown: 1,750, cost $0.00225. Show details',
    );
  });

  it('opens a breakdown from the keyboard that says what is summed; Escape closes it and returns focus', async () => {
    await openChat(totals);
    const total = screen.getByTestId('usage-total');
    expect(total.textContent).toBe('1.8K tokens');
    total.focus();
    await user.keyboard('{Enter}');
    const details = screen.getByTestId('usage-details');
    expect(total.getAttribute('aria-expanded')).toBe('true');
    expect([...details.querySelectorAll('.usage-row')].map((row) => row.textContent)).toEqual([
      'Input1,000',
      'Cached input500',
      'Output250',
      'of which reasoning100',
      'Answers counted2',
    ]);
    expect(details.textContent).toContain('No price set for gpt-4o');
    expect(details.textContent).toContain('Sum over the answers shown, in the versions you see');
    fireEvent.keyDown(details, { key: 'Escape' });
    expect(screen.queryByTestId('usage-details')).toBeNull();
    expect(document.activeElement).toBe(total);
  });

  it('is absent while no shown answer reported usage', async () => {
    await openChat([]);
    expect(screen.queryByTestId('usage-total')).toBeNull();
  });

  it('follows the totals a saved run brings', async () => {
    await openChat(undefined);
    expect(screen.queryByTestId('usage-total')).toBeNull();
    await user.type(screen.getByTestId('composer-input'), 'more{Enter}');
    await settle();
    emit(fake, 'a', { type: 'saved', stopped: false, summary: summaryOf(fake.sessions.get('a')!), usage: totals });
    expect(screen.getByTestId('usage-total').textContent).toBe('1.8K tokens');
  });
});

describe('a model-written name', () => {
  it('renames the chat in the sidebar and the header when its event arrives', async () => {
    fake.addSession({ id: 'a', name: 'how do I bake bread', messages: [systemMessage(), userMessage('q'), assistantMessage('a')] });
    ({ user } = await renderApp(fake));
    await act(() => state().openSession('a'));
    await settle();
    emit(fake, 'a', { type: 'titled', summary: { ...summaryOf(fake.sessions.get('a')!), name: 'Bread Basics' } });
    expect(screen.getByTestId('session-title').textContent).toBe('Bread Basics');
    const row = screen.getAllByTestId('session-item').find((el) => el.dataset.sessionId === 'a')!;
    expect(row.textContent).toBe('Bread Basics');
  });
});

describe('settings', () => {
  beforeEach(async () => {
    ({ user } = await renderApp(fake));
    await user.click(screen.getByTestId('settings-open'));
    await settle();
  });

  it('turns model-written names off and picks the currency, each saved at once', async () => {
    const toggle = screen.getByRole('checkbox', { name: 'Let the model name a chat after its first answer' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    await user.selectOptions(screen.getByLabelText('Currency symbol for costs'), '¥');
    await settle();
    expect(fake.callsOf('updateSettings')).toEqual([{ autoTitle: false }, { currency: '¥' }]);
  });

  it('prices a model of a provider: saved with the provider, per million tokens', async () => {
    await user.click(within(screen.getByTestId('settings-provider')).getByRole('button'));
    await settle();
    await user.click(screen.getByTestId('price-add'));
    const row = screen.getByTestId('price-row');
    // The first of the provider's models without a price is proposed.
    expect((within(row).getByTestId('price-model') as HTMLInputElement).value).toBe('gpt-4o-mini');
    await user.type(within(row).getByTestId('price-input'), '0.15');
    await user.type(within(row).getByTestId('price-output'), '0.6');
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.callsOf('saveProvider').at(-1)).toMatchObject({ id: 'p-openai', prices: { 'gpt-4o-mini': { input: 0.15, output: 0.6 } } });
  });

  it('refuses half a price and says why, saving nothing', async () => {
    await user.click(within(screen.getByTestId('settings-provider')).getByRole('button'));
    await settle();
    await user.click(screen.getByTestId('price-add'));
    await user.type(screen.getByTestId('price-input'), '2');
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(screen.getByTestId('settings-error').textContent).toBe(
      'Prices are numbers from 0 to 1,000,000, and each model needs its input and output price.',
    );
    expect(fake.callsOf('saveProvider')).toEqual([]);
  });
});
