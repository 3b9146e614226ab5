// A narrow window's sidebar is a drawer over the chat, and what is behind it is dimmed by a scrim that reads as such
// in both themes: the scrim is what a click beside the drawer reaches (and it closes the drawer), and the answer
// text behind it falls below 4.5:1 against its background — no longer text one is meant to read. (The old scrim,
// black at 35 %, left it at 6.5:1 in the dark theme: to the eye, no scrim at all.) Screenshots at 420 px in both
// themes and both languages.
import { expect, test, type Page } from '@playwright/test';
import { screenshot, sendMessage, startHarness, waitForAnswers } from './helpers.js';

/** Below this contrast, text reads as out of reach rather than as something to read (WCAG's minimum for body text). */
const DIMMED_BELOW = 4.5;

interface ScrimLook {
  /** What a click halfway between the drawer's edge and the window's, at the answer's height, reaches. */
  besideDrawer: string;
  /** The answer text against the page, as shown and under the scrim. */
  contrast: number;
  contrastUnder: number;
}

/** The scrim and what it does to the answer text behind it, from the computed colours. */
function scrimLook(page: Page): Promise<ScrimLook> {
  return page.evaluate(() => {
    const rgba = (css: string): number[] => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, a];
    };
    const over = (base: number[], layer: number[]) => base.slice(0, 3).map((c, i) => c * (1 - layer[3]!) + layer[i]! * layer[3]!);
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((c) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const text = document.querySelector('[data-role="assistant"] [data-testid="message-content"]')!;
    const fg = rgba(getComputedStyle(text).color);
    const bg = rgba(getComputedStyle(document.querySelector('.main')!).backgroundColor);
    const scrim = rgba(getComputedStyle(document.querySelector('.drawer-backdrop')!).backgroundColor);
    const drawer = document.querySelector('.sidebar.drawer')!.getBoundingClientRect();
    const y = text.getBoundingClientRect().top + 4;
    const hit = document.elementFromPoint((drawer.right + window.innerWidth) / 2, y);
    return {
      besideDrawer: hit?.className ?? '',
      contrast: Math.round(ratio(fg, bg) * 100) / 100,
      contrastUnder: Math.round(ratio(over(fg, scrim), over(bg, scrim)) * 100) / 100,
    };
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    test(`at 420 px the drawer dims the chat behind it: ${colorScheme}, ${locale}`, async () => {
      const zh = locale === 'zh-CN';
      const h = await startHarness({ colorScheme, locale, viewport: { width: 420, height: 800 } });
      try {
        const { page } = h;
        h.server.enqueue({
          text: zh ? '从昆明出发，坐火车去大理和丽江，再往北到成都。' : 'Start in Kunming, take the train to Dali and Lijiang, then north.',
        });
        await sendMessage(page, zh ? '云南怎么玩？' : 'How should I see Yunnan?');
        await waitForAnswers(page, 1);
        await page.getByTestId('sidebar-toggle').click();
        await expect(page.locator('.sidebar.drawer')).toBeVisible();

        const look = await scrimLook(page);
        expect(look.besideDrawer).toBe('drawer-backdrop');
        expect(look.contrast).toBeGreaterThan(DIMMED_BELOW);
        expect(look.contrastUnder, `the answer behind the scrim reads at ${look.contrastUnder}:1`).toBeLessThan(DIMMED_BELOW);
        await screenshot(page, `drawer-420-${colorScheme}-${zh ? 'zh' : 'en'}`);

        // A click on the scrim closes the drawer, and the chat is bright again.
        await page.mouse.click(400, 400);
        await expect(page.locator('.sidebar.drawer')).toHaveCount(0);
        await expect(page.locator('.drawer-backdrop')).toHaveCount(0);
      } finally {
        await h.close();
      }
    });
  }
}
