import type { Locator, Page } from 'playwright-core';

/** The sidebar's entries, in order (Ctrl/⌘+1…9). */
export const SCREEN_LABELS = [
  'Overview',
  'Orders',
  'Trade',
  'Earn',
  'Mining',
  'History',
  'Taxes',
  'Accounts',
  'Settings',
] as const;

/** Page object of the app shell: sidebar, header, status pill. */
export class ShellPage {
  readonly sidebar: Locator;
  readonly pill: Locator;
  /** The pill's words ("Live · 12 ms"), without its hidden description. */
  readonly pillLabel: Locator;
  readonly profile: Locator;
  readonly title: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Screens' });
    this.pill = page.getByTestId('status-pill');
    this.pillLabel = this.pill.locator('.status-label');
    this.profile = page.getByTestId('active-profile');
    this.title = page.locator('header h1');
  }

  navItem(label: string): Locator {
    return this.sidebar.getByRole('button', { name: label, exact: true });
  }

  async open(screen: string): Promise<void> {
    await this.navItem(screen).click();
    await this.title.filter({ hasText: screen }).waitFor();
    // A screen's code loads the first time it is opened: until then main shows a busy placeholder.
    await this.page.locator('main .screen-loading').waitFor({ state: 'detached' });
  }

  /** Chooses a display setting on the Settings screen (and waits for a theme to apply). */
  async setting(label: 'Theme' | 'Auto-refresh' | 'Numbers', value: string): Promise<void> {
    await this.open('Settings');
    await this.page.locator('main').getByLabel(label, { exact: true }).selectOption(value);
    if (label === 'Theme' && value !== 'system')
      await this.page.locator(`html[data-theme="${value}"]`).waitFor({ state: 'attached' });
  }

  /**
   * The looks a screen is checked in: 1400x900 and 800x600, each in light and dark. Sets the
   * window size and the theme, then runs `each` with the look's name ("1400x900-light").
   */
  async eachLook(each: (look: string) => Promise<void>): Promise<void> {
    for (const [width, height] of [
      [1400, 900],
      [800, 600],
    ] as const) {
      await this.page.setViewportSize({ width, height });
      for (const mode of ['light', 'dark'] as const) {
        await this.setting('Theme', mode);
        await each(`${width}x${height}-${mode}`);
      }
    }
  }
}
