import type { DepositWithdraw, TransfersPage } from '../../../src/shared/model';

export function transfer(overrides: Partial<DepositWithdraw> = {}): DepositWithdraw {
  return {
    address: 'bc1qexampleaddress0000000000000000000000001',
    uniqueId: 'u-1',
    createdAt: Date.UTC(2026, 10, 20, 9, 30, 15),
    currency: 'Bitcoin',
    ticker: 'BTC',
    method: 1,
    amount: '0.25',
    description: 'Deposit',
    memo: '',
    fee: '0',
    status: 3,
    network: 'BTC',
    transactionHash: 'a'.repeat(30) + 'ffff' + 'b'.repeat(30),
    transactionId: 'tx-1',
    confirmations: { actual: 2, required: 2 },
    ...overrides,
  };
}

export const withdrawal = transfer({
  method: 2,
  ticker: 'ETH',
  currency: 'Ethereum',
  amount: '1.5',
  fee: '0.002',
  status: 12,
  network: 'ERC20',
  address: '0x1234567890abcdef1234567890abcdef12345678',
  transactionHash: '',
  transactionId: 'tx-2',
  confirmations: { actual: 3, required: 12 },
});

/** A page of `count` records at `offset` out of `total`. */
export function transfersPage(
  offset: number,
  total: number,
  limit = 100,
  make: (i: number) => DepositWithdraw = (i) =>
    transfer({ transactionId: `tx-${i}`, amount: `0.${String(i + 1).padStart(4, '0')}` }),
): TransfersPage {
  const count = Math.max(0, Math.min(limit, total - offset));
  return {
    records: Array.from({ length: count }, (_, i) => make(offset + i)),
    total,
    offset,
    limit,
    places: { BTC: 8, USDT: 6 },
    fetchedAt: Date.now(),
  };
}
