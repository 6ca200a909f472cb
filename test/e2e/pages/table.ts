import type { Page } from 'playwright-core';

export type Cell = { text: string; title: string; time: string; label: string; href: string };

/**
 * Reads every row of a virtualised table by scrolling its body from top to bottom (a frame between
 * steps so the virtualiser renders), keyed by aria-rowindex.
 */
const READ_ALL = (label: string) => `(async () => {
  const table = [...document.querySelectorAll('[role="table"]')].find(
    (t) => t.getAttribute('aria-label') === ${JSON.stringify(label)},
  );
  if (!table) throw new Error('no table ' + ${JSON.stringify(label)});
  const body = table.querySelector('.table-body');
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const rows = new Map();
  const collect = () => {
    for (const row of body.querySelectorAll('[role="row"][aria-rowindex]')) {
      const cells = [...row.querySelectorAll('[role="cell"]')].map((cell) => ({
        text: cell.innerText.trim(),
        title: cell.querySelector('[title]')?.getAttribute('title') ?? '',
        time: cell.querySelector('time')?.getAttribute('datetime') ?? '',
        label: cell.querySelector('button')?.getAttribute('aria-label') ?? '',
        href: cell.querySelector('a[href]')?.getAttribute('href') ?? '',
      }));
      rows.set(Number(row.getAttribute('aria-rowindex')), cells);
    }
  };
  body.scrollTop = 0;
  await frame();
  collect();
  while (body.scrollTop + body.clientHeight < body.scrollHeight - 1) {
    body.scrollTop += body.clientHeight;
    await frame();
    collect();
  }
  body.scrollTop = 0;
  await frame();
  return [...rows.entries()].sort((a, b) => a[0] - b[0]);
})()`;

/** Every row of the table named `label`, in order: [aria-rowindex, cells]. */
export async function readAllRows(page: Page, label: string): Promise<[number, Cell[]][]> {
  return (await page.evaluate(READ_ALL(label))) as [number, Cell[]][];
}
