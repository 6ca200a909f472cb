import type { Locator, Page } from 'playwright-core';

/** Page object of the app shell: sidebar, header, status pill. */
export class ShellPage {
  readonly sidebar: Locator;
  readonly pill: Locator;
  readonly profile: Locator;
  readonly title: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Screens' });
    this.pill = page.getByTestId('status-pill');
    this.profile = page.getByTestId('active-profile');
    this.title = page.locator('header h1');
  }

  navItem(label: string): Locator {
    return this.sidebar.getByRole('button', { name: label, exact: true });
  }

  async open(screen: string): Promise<void> {
    await this.navItem(screen).click();
    await this.title.filter({ hasText: screen }).waitFor();
  }
}
