import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell';

/**
 * Page object of the Accounts screen: the profile list (ProfileCard + OAuthSection), the Add account
 * form (AddAccountForm), the App lock card (LockSettings) and the lock screen (LockScreen).
 */
export class AccountsPage {
  readonly shell: ShellPage;
  readonly profileList: Locator;
  readonly addForm: Locator;
  readonly lockCard: Locator;
  readonly lockScreen: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.profileList = page
      .getByRole('region', { name: 'Your accounts' })
      .locator('ul.profile-list');
    this.addForm = page.getByRole('region', { name: 'Add account' });
    this.lockCard = page.getByRole('region', { name: 'App lock' });
    this.lockScreen = page.getByTestId('lock-screen');
  }

  async open(): Promise<void> {
    await this.shell.open('Accounts');
    await this.profileList.waitFor();
  }

  // Add account ---------------------------------------------------------------------------------
  get nameInput(): Locator {
    return this.addForm.getByLabel('Name', { exact: true });
  }
  get regionSelect(): Locator {
    return this.addForm.getByLabel('Region', { exact: true });
  }
  get customUrlInput(): Locator {
    return this.addForm.getByLabel('Custom address', { exact: true });
  }
  get apiKeyInput(): Locator {
    return this.addForm.getByLabel('API key', { exact: true });
  }
  get apiSecretInput(): Locator {
    return this.addForm.getByLabel('API secret', { exact: true });
  }
  /** The message under the API secret field (bound by aria-describedby). */
  get apiSecretError(): Locator {
    return this.page.locator('#add-api-secret-error');
  }
  get addButton(): Locator {
    return this.addForm.getByRole('button', { name: /Add account|Checking key/ });
  }
  get addNotice(): Locator {
    return this.addForm.getByRole('status');
  }

  /** Fills the Add account form: a custom address unless another region is chosen. */
  async fillAddForm(values: {
    name: string;
    region?: 'Global' | 'EU' | 'Custom address';
    customUrl?: string;
    apiKey: string;
    apiSecret: string;
  }): Promise<void> {
    const region = values.region ?? 'Custom address';
    await this.nameInput.fill(values.name);
    await this.regionSelect.selectOption({ label: region });
    if (region === 'Custom address') await this.customUrlInput.fill(values.customUrl ?? '');
    await this.apiKeyInput.fill(values.apiKey);
    await this.apiSecretInput.fill(values.apiSecret);
  }

  /** Submits and waits until the form is no longer busy (main answered). */
  async submitAdd(): Promise<void> {
    await this.addButton.click();
    await this.addForm.locator('form[aria-busy="false"]').waitFor();
  }

  // Profiles ------------------------------------------------------------------------------------
  /** The card of a profile, by its accessible name (the profile name). */
  card(name: string): Locator {
    return this.profileList.getByRole('listitem', { name, exact: true });
  }

  keyHint(name: string): Locator {
    return this.card(name).locator('dt:text-is("Key") + dd');
  }

  async use(name: string): Promise<void> {
    await this.card(name).getByRole('button', { name: 'Use this account' }).click();
    await this.card(name).locator('.badge-active').waitFor();
  }

  // Partner app (OAuth) -------------------------------------------------------------------------
  oauth(name: string): Locator {
    return this.card(name).getByRole('region', { name: 'Partner app (order history)' });
  }

  async savePartner(name: string, clientId: string, clientSecret: string): Promise<void> {
    const section = this.oauth(name);
    await section.getByLabel('Client id', { exact: true }).fill(clientId);
    await section.getByLabel('Client secret', { exact: true }).fill(clientSecret);
    await section.getByRole('button', { name: 'Save partner app' }).click();
    await section.getByRole('button', { name: 'Connect', exact: true }).waitFor();
  }

  /** Sets the OAuth redirect port in the profile's partner section and waits until it is saved. */
  async setRedirectPort(name: string, port: number): Promise<void> {
    const section = this.oauth(name);
    await section.getByLabel('Redirect port', { exact: true }).fill(String(port));
    await section.getByRole('button', { name: 'Save port' }).click();
    await section.getByText(`http://127.0.0.1:${port}/callback`).first().waitFor();
  }

  connectButton(name: string): Locator {
    return this.oauth(name).getByRole('button', { name: 'Connect', exact: true });
  }

  connectedBadge(name: string): Locator {
    return this.oauth(name).locator('.badge-ok', { hasText: 'Connected' });
  }

  historyButton(name: string): Locator {
    return this.oauth(name).getByRole('button', { name: 'Load order history' });
  }

  historyResult(name: string): Locator {
    return this.oauth(name).locator('.result-ok', { hasText: 'in the history' });
  }

  /** Clicks "Load order history" and answers the number of orders it reports. */
  async loadHistory(name: string): Promise<number> {
    const answered = this.page.waitForResponse((r) =>
      r.url().endsWith('/rpc/orders.partnerHistory'),
    );
    await this.historyButton(name).click();
    await answered;
    // The click replaced any earlier result with "Loading…": the result now is this load's.
    const result = this.historyResult(name);
    await result.waitFor();
    const text = (await result.textContent()) ?? '';
    const match = /^(\d+) orders? in the history/.exec(text);
    if (!match) throw new Error(`Unexpected order history text: ${text}`);
    return Number(match[1]);
  }

  // App lock ------------------------------------------------------------------------------------
  async turnOnLock(passcode: string, minutes: number): Promise<void> {
    await this.lockCard.getByLabel('Passcode', { exact: true }).fill(passcode);
    await this.lockCard.getByLabel('Confirm passcode', { exact: true }).fill(passcode);
    await this.lockCard.getByLabel('Lock after (minutes idle)').fill(String(minutes));
    await this.lockCard.getByRole('button', { name: 'Turn on app lock' }).click();
    await this.lockCard.getByRole('button', { name: 'Lock now' }).waitFor();
  }

  async lockNow(): Promise<void> {
    await this.lockCard.getByRole('button', { name: 'Lock now' }).click();
    await this.lockScreen.waitFor();
  }

  get unlockInput(): Locator {
    return this.lockScreen.getByLabel('Passcode', { exact: true });
  }

  get unlockError(): Locator {
    return this.page.locator('#unlock-passcode-error');
  }

  async submitUnlock(passcode: string): Promise<void> {
    await this.unlockInput.fill(passcode);
    await this.lockScreen.getByRole('button', { name: /Unlock/ }).click();
  }

  async turnOffLock(passcode: string): Promise<void> {
    await this.lockCard.getByRole('button', { name: 'Turn off', exact: true }).click();
    await this.lockCard.getByLabel('Passcode', { exact: true }).fill(passcode);
    await this.lockCard.getByRole('button', { name: 'Turn off app lock' }).click();
    await this.lockCard.getByRole('button', { name: 'Turn on app lock' }).waitFor();
  }
}
