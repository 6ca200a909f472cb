import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** One axe-core violation, as a test reports it. */
export interface Violation {
  /** Where it was found, e.g. "orders-active light 800x600". */
  where: string;
  id: string;
  impact: string;
  help: string;
  /** Each failing element: its selector and axe's summary of what is wrong. */
  nodes: { target: string; summary: string }[];
}

interface AxeResult {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core on the whole page (every rule axe runs by default, WCAG 2.x A/AA and best
 * practices). The script goes in through page.evaluate, which the page's CSP does not block (a
 * <script> tag would be), whenever the page does not have it (first call, or after a reload).
 */
export async function runAxe(
  page: Page,
  where: string,
  only?: readonly string[],
): Promise<Violation[]> {
  if (!(await page.evaluate(`typeof window.axe === 'object'`))) await page.evaluate(axe.source);
  const options = {
    resultTypes: ['violations'],
    ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
  };
  const violations = (await page.evaluate(
    `window.axe.run(document, ${JSON.stringify(options)}).then((r) => r.violations)`,
  )) as AxeResult[];
  return violations.map((v) => ({
    where,
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    nodes: v.nodes.map((n) => ({
      target: n.target.map(String).join(' >> '),
      summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    })),
  }));
}

/**
 * The rules whose outcome a colour theme can change (the theme is only colours): in the second
 * theme of the same layout, these are the ones axe runs again.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * What a screen must not have: any serious or critical violation, and landmarks that cannot be
 * told apart (axe calls those moderate; the issue counted them).
 */
export const mustFix = (v: Violation): boolean =>
  v.impact === 'serious' || v.impact === 'critical' || v.id.startsWith('landmark-');

/** A readable list: one line per violation, one indented line per failing element. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id} on ${v.where}: ${v.help} (${v.nodes.length})\n` +
        v.nodes.map((n) => `    ${n.target}  ${n.summary}`).join('\n'),
    )
    .join('\n');
}
