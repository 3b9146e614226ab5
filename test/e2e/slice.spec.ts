// The thin slice: type, send, and the answer streams in from the model server through main and the agent.
import { expect, test } from '@playwright/test';
import { answerTexts, sendMessage, sentMessages, startHarness, userTexts, waitForAnswers } from './helpers.js';

test('a typed message is answered by text streamed from the model server', async () => {
  const h = await startHarness();
  try {
    const answer = 'Hello from the fake model. This answer arrives in many small pieces, streamed one after another.';
    h.server.enqueue({ text: answer, chunkSize: 4, delayMs: 5 });
    await sendMessage(h.page, 'Hi there');

    await expect(userTexts(h.page)).toHaveText(['Hi there']);
    await waitForAnswers(h.page, 1);
    await expect(answerTexts(h.page)).toHaveText(answer);

    expect(sentMessages(h.server, 0)).toEqual([
      { role: 'system', content: 'You are Tiny Agent, a concise and friendly AI assistant.' },
      { role: 'user', content: 'Hi there' },
    ]);
    expect(h.server.chatRequests[0]!.headers.authorization).toBe('Bearer sk-e2e-test-key-7f3a9c2b');
    console.log(
      `[slice] mode=${h.app.mode}: ${answer.length} characters streamed from the fake model server in ${Math.ceil(answer.length / 4)} chunks and shown on screen`,
    );
  } finally {
    await h.close();
  }
});
