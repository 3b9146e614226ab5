// Prompt variables: a system prompt's {{date}}, {{time}}, {{weekday}}, {{model}}, {{language}}, {{os}} are filled in the
// request body at send time; the stored prompt keeps the placeholders.
import { afterEach, describe, expect, it } from 'vitest';
import { fillPromptVariables, PROMPT_VARIABLES } from '../../src/shared/prompt-variables.js';
import { fileLines, sentMessages, startHarness, type Harness } from '../unit/sessions/service-harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const OS = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' }[process.platform as string] ?? process.platform;

describe('prompt variables', () => {
  it('fills each of the six names and leaves unknown ones as written', () => {
    const text = PROMPT_VARIABLES.map((name) => `${name}={{${name}}}`).join(' ') + ' {{nope}} {{ date }}';
    const filled = fillPromptVariables(text, {
      now: new Date(2026, 11, 2, 9, 5),
      model: 'm-1',
      language: 'zh-CN',
      platform: 'darwin',
    });
    expect(filled).toBe('date=2026-12-02 time=09:05 weekday=Wednesday model=m-1 language=简体中文 (zh-CN) os=macOS {{nope}} 2026-12-02');
  });

  it('the request body carries the filled system prompt; the session file keeps the placeholders', async () => {
    // 2026-03-04 10:07 local time, a Wednesday.
    const at = new Date(2026, 2, 4, 10, 7).getTime();
    h = await startHarness({ now: () => at, language: () => 'en' });
    const prompt = 'Today is {{weekday}} {{date}} {{time}}; you are {{model}} on {{os}}; answer in {{language}}.';
    const session = await h.service.create({ systemPrompt: prompt });
    await h.runEnd((await h.service.send(session.id, 'hi')).runId);

    const sent = sentMessages(h.server.chatRequests.at(-1)!.body);
    expect(sent[0]).toEqual(['system', `Today is Wednesday 2026-03-04 10:07; you are fake-model on ${OS}; answer in English (en).`]);
    const header = (await fileLines(h.dir, session.id))[0]!;
    expect(header.systemPrompt).toBe(prompt);
    expect((await h.service.get(session.id)).messages[0]).toMatchObject({ role: 'system', content: prompt });
  });
});
