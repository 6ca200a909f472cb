/**
 * Deposit/withdraw status codes (api-v4-notes.md §5) and their names. Shared: main uses them to
 * validate filters and write CSV, the renderer to show names instead of codes.
 */
export type TransferMethod = 1 | 2;

export const DEPOSIT_STATUSES: Record<number, string> = {
  3: 'Successful',
  7: 'Successful',
  4: 'Canceled',
  9: 'Canceled',
  5: 'Unconfirmed by user',
  15: 'Pending',
  21: 'Frozen (AML check)',
  22: 'Uncredited',
  27: 'Travel rule check',
  28: 'Travel rule check',
};

export const WITHDRAW_STATUSES: Record<number, string> = {
  1: 'Pending',
  2: 'Pending',
  6: 'Pending',
  10: 'Pending',
  11: 'Pending',
  12: 'Pending',
  13: 'Pending',
  14: 'Pending',
  15: 'Pending',
  16: 'Pending',
  17: 'Pending',
  3: 'Successful',
  7: 'Successful',
  4: 'Canceled',
  5: 'Unconfirmed by user',
  18: 'Partially successful',
  21: 'Frozen (AML check)',
};

export function statusesFor(method: TransferMethod): Record<number, string> {
  return method === 1 ? DEPOSIT_STATUSES : WITHDRAW_STATUSES;
}

export function statusName(method: number, status: number): string {
  const names = method === 1 ? DEPOSIT_STATUSES : method === 2 ? WITHDRAW_STATUSES : {};
  return names[status] ?? `Status ${status}`;
}

/** Status codes valid for a method (both methods when none is chosen). */
export function validStatuses(method: TransferMethod | undefined): number[] {
  const codes = method
    ? Object.keys(statusesFor(method))
    : [...Object.keys(DEPOSIT_STATUSES), ...Object.keys(WITHDRAW_STATUSES)];
  return [...new Set(codes.map(Number))].sort((a, b) => a - b);
}

/** What a done transfer is called when it arrives: a deposit credited, a withdrawal completed. */
export function arrivalTitle({ method, status }: { method: number; status: number }): string {
  if (method === 1) return 'Deposit arrived';
  return status === 18 ? 'Withdrawal partly completed' : 'Withdrawal completed';
}
