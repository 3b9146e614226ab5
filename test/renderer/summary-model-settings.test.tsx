// Settings' "Summaries written by": each chat's own model until another is chosen; a choice is saved at once, and
// choosing "each chat's own model" again sends null.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from './fake-api';
import { renderApp, settle } from './harness';

describe('summary model in Settings', () => {
  it("starts at each chat's own model, saves a chosen one at once, and goes back with null", async () => {
    const fake = createFakeApi();
    const { user } = await renderApp(fake);
    await user.click(screen.getByTestId('settings-open'));
    await settle();
    const select = screen.getByTestId('settings-summary-model') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.options[0]!.text).toBe("Each chat's own model");
    expect([...select.options].slice(1).map((o) => o.text)).toEqual(['gpt-4o-mini', 'gpt-4o']);
    await user.selectOptions(select, 'p-openai\u0000gpt-4o');
    await settle();
    expect(select.value).toBe('p-openai\u0000gpt-4o');
    await user.selectOptions(select, '');
    await settle();
    expect(fake.callsOf('updateSettings')).toEqual([{ summaryModel: { providerId: 'p-openai', model: 'gpt-4o' } }, { summaryModel: null }]);
    expect(fake.settings.summaryModel).toBeNull();
  });
});
