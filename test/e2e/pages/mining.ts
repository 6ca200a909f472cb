import type { Locator, Page, Response } from 'playwright-core';
import type { Envelope } from '../../../src/shared/errors';
import type { MiningSeries } from '../../../src/shared/model';
import { ShellPage } from './shell';

/** Widths (CSS px) of the Mining screen at the current viewport. */
export interface MiningLayout {
  viewport: number;
  /** The chart's svg and the box it is drawn in. */
  svg: number;
  box: number;
  /** How far each scrolls sideways (scrollWidth - clientWidth): 0 when nothing overflows. */
  cardOverflow: number;
  contentOverflow: number;
  pageOverflow: number;
  /** How far the widest statistic's value runs past its tile (0 when each fits). */
  statOverflow: number;
  /** The Export CSV button's left and right edges. */
  exportLeft: number;
  exportRight: number;
}

export interface HashrateCall {
  /** The input the view sent. */
  input: {
    account: string;
    from: number;
    to: number;
    interval: '5m' | '1h' | '24h';
    maxPoints: number;
  };
  /** What the page received (the downsampled series). */
  series: MiningSeries | undefined;
  error: { code: string; message: string; fields?: Record<string, string[]> } | undefined;
}

/** Page object of the Mining screen (MiningView, HashrateChart). */
export class MiningPage {
  readonly shell: ShellPage;
  readonly account: Locator;
  readonly accountError: Locator;
  readonly interval: Locator;
  readonly from: Locator;
  readonly to: Locator;
  readonly fromError: Locator;
  readonly show: Locator;
  readonly chart: Locator;
  readonly hashrateLine: Locator;
  readonly hashrateDots: Locator;
  readonly tooltip: Locator;
  readonly selectionStart: Locator;
  readonly selectionEnd: Locator;
  readonly shownWindow: Locator;
  readonly stats: Locator;
  readonly empty: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.account = page.getByLabel('Mining account', { exact: true });
    this.accountError = page.locator('#mining-account-error');
    this.interval = page.getByLabel('Interval', { exact: true });
    this.from = page.getByLabel('From', { exact: true });
    this.to = page.getByLabel('To', { exact: true });
    this.fromError = page.locator('#mining-from-error');
    this.show = page.getByRole('button', { name: /^(Show|Loading…)$/ });
    this.chart = page.getByTestId('hashrate-chart');
    this.hashrateLine = this.chart.locator('.recharts-line path.recharts-curve').last();
    this.hashrateDots = this.chart.locator('.recharts-line-dots circle');
    this.tooltip = page.getByTestId('hashrate-tooltip');
    this.selectionStart = this.chart.getByRole('slider', { name: 'Start of selection' });
    this.selectionEnd = this.chart.getByRole('slider', { name: 'End of selection' });
    this.shownWindow = page.getByTestId('mining-window');
    this.stats = page.getByTestId('mining-stats');
    this.empty = page.getByTestId('mining-empty');
    this.alert = page.locator('.mining [role="alert"]');
  }

  rangeButton(label: string): Locator {
    return this.page.getByRole('group', { name: 'Range' }).getByRole('button', {
      name: label,
      exact: true,
    });
  }

  /** Waits for the next mining.hashrate call the page makes (started by `action`). */
  async call(action: () => Promise<unknown>): Promise<HashrateCall> {
    const response: Promise<Response> = this.page.waitForResponse(
      (r) => r.url().endsWith('/rpc/mining.hashrate'),
      { timeout: 60_000 },
    );
    await action();
    const answer = await response;
    const body = JSON.parse(answer.request().postData() ?? '{}') as {
      input: HashrateCall['input'];
    };
    const envelope = (await answer.json()) as Envelope<MiningSeries>;
    return {
      input: body.input,
      series: envelope.ok ? envelope.value : undefined,
      error: envelope.ok ? undefined : envelope.error,
    };
  }

  async open(): Promise<void> {
    await this.shell.open('Mining');
    await this.account.waitFor();
  }

  /** The range button, then the interval when it is not the range's default; the last call. */
  async showRange(label: string, interval?: '5m' | '1h' | '24h'): Promise<HashrateCall> {
    let last = await this.call(() => this.rangeButton(label).click());
    if (interval && (await this.interval.inputValue()) !== interval) {
      last = await this.call(() => this.interval.selectOption(interval));
    }
    return last;
  }

  /** Waits until the chart shows `count` points and has drawn its line. */
  async chartDrawn(count: number): Promise<void> {
    await this.page
      .locator(`[data-testid="hashrate-chart"][data-point-count="${count}"]`)
      .waitFor({ timeout: 30_000 });
    // A line of one or two points may have no length: then its dots are what is drawn.
    if (count <= 2) await this.hashrateDots.first().waitFor({ timeout: 10_000 });
    else await this.hashrateLine.waitFor({ timeout: 10_000 });
  }

  /**
   * Drags a selection handle with the mouse from where it stands to a share (0..1) of the track.
   * The thumb of a range input is 12 px wide: its centre runs from 6 px to width - 6 px.
   */
  async dragHandle(handle: Locator, toShare: number): Promise<void> {
    // The mouse acts on what is in the window: the brush sits under the chart, below the fold.
    await handle.scrollIntoViewIfNeeded();
    const box = await handle.boundingBox();
    if (!box) throw new Error('no selection handle');
    const value = Number(await handle.inputValue());
    const max = Number(await handle.getAttribute('max'));
    const x = (share: number) => box.x + 6 + share * (box.width - 12);
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x(value / max), y);
    await this.page.mouse.down();
    await this.page.mouse.move(x(toShare), y, { steps: 10 });
    await this.page.mouse.up();
  }

  /** Texts of the chart card drawn (even partly) outside the card, with their boxes. */
  async textOutsideCard(): Promise<string[]> {
    return this.page.evaluate(`(() => {
      const card = document.querySelector('.mining-chart-card').getBoundingClientRect();
      const texts = [...document.querySelectorAll('.mining-chart-card text, .mining-chart-card p')];
      return texts
        .filter((t) => {
          const r = t.getBoundingClientRect();
          return r.width > 0 && (r.left < card.left || r.right > card.right || r.top < card.top || r.bottom > card.bottom);
        })
        .map((t) => t.textContent);
    })()`);
  }

  /** The time axis's labels, left to right. */
  async timeLabels(): Promise<string[]> {
    return this.chart.locator('.recharts-xAxis-tick-labels text').allTextContents();
  }

  /** The widths that tell whether the screen fits its window (see MiningLayout). */
  async layout(): Promise<MiningLayout> {
    // A script string: the node-side TypeScript has no DOM types for a function body.
    return this.page.evaluate(`(() => {
      const box = document.querySelector('.mining-chart-box');
      const svg = box.querySelector('svg.recharts-surface');
      const card = document.querySelector('.mining-chart-card');
      const content = document.querySelector('.content');
      const button = [...document.querySelectorAll('.mining button')].find(
        (b) => b.textContent === 'Export CSV',
      );
      const exportBox = button.getBoundingClientRect();
      return {
        viewport: window.innerWidth,
        svg: svg.getBoundingClientRect().width,
        box: box.clientWidth,
        cardOverflow: card.scrollWidth - card.clientWidth,
        contentOverflow: content.scrollWidth - content.clientWidth,
        pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
        statOverflow: Math.max(
          ...[...document.querySelectorAll('.mining-stat dd')].map((d) => d.scrollWidth - d.clientWidth),
        ),
        exportLeft: exportBox.left,
        exportRight: exportBox.right,
      };
    })()`);
  }

  /** Moves the mouse over the plot at a share (0..1) of its width. */
  async hoverAt(share: number): Promise<void> {
    const box = await this.chart.locator('.recharts-cartesian-grid').boundingBox();
    if (!box) throw new Error('no plot area');
    await this.page.mouse.move(box.x + box.width * share, box.y + box.height / 2);
    await this.tooltip.waitFor();
  }
}
