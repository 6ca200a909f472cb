/** Whether the exchange answers. */

export type ExchangeStatus =
  | { state: 'checking'; baseUrl: string }
  | { state: 'online'; baseUrl: string; latencyMs: number; checkedAt: number }
  | { state: 'offline'; baseUrl: string; reason: string; checkedAt: number };
