import {
  DEPOSIT_STATUSES,
  statusesFor,
  validStatuses,
  WITHDRAW_STATUSES,
  type TransferMethod,
} from '../../../shared/transferStatus';

/** One checkbox of the status filter: a name and every code that carries it for the method. */
export interface StatusGroup {
  name: string;
  codes: number[];
}

function nameOf(code: number, method: TransferMethod | undefined): string {
  if (method) return statusesFor(method)[code] ?? `Status ${code}`;
  const deposit = DEPOSIT_STATUSES[code];
  const withdrawal = WITHDRAW_STATUSES[code];
  if (deposit && withdrawal && deposit !== withdrawal)
    return `${deposit} (deposit) / ${withdrawal} (withdrawal)`;
  return deposit ?? withdrawal ?? `Status ${code}`;
}

/** The statuses valid for a method (both when none), grouped by name, in order of first code. */
export function statusGroups(method: TransferMethod | undefined): StatusGroup[] {
  const groups = new Map<string, number[]>();
  for (const code of validStatuses(method)) {
    const name = nameOf(code, method);
    groups.set(name, [...(groups.get(name) ?? []), code]);
  }
  return [...groups].map(([name, codes]) => ({ name, codes }));
}

/** [1, 2, 6, 10, 11, 12] -> "1, 2, 6, 10–12". */
export function codeRanges(codes: readonly number[]): string {
  const sorted = [...codes].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j - i >= 2 ? `${sorted[i]}–${sorted[j]}` : sorted.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return parts.join(', ');
}

/** How a status reads at a glance: done, stopped, or still moving. */
export function statusTone(name: string): 'ok' | 'bad' | 'wait' {
  if (name.startsWith('Successful')) return 'ok';
  if (/^(Canceled|Frozen|Uncredited)/.test(name)) return 'bad';
  return 'wait';
}
