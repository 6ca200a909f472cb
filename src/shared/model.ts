/** Domain model shared by main and renderer. Amounts are decimal strings, never numbers. */

export type ExchangeStatus =
  | { state: 'checking'; baseUrl: string }
  | { state: 'online'; baseUrl: string; latencyMs: number; checkedAt: number }
  | { state: 'offline'; baseUrl: string; reason: string; checkedAt: number };

export interface ProfileSummary {
  id: string;
  name: string;
  region: 'demo' | 'global' | 'eu' | 'custom';
}

export interface AppInfo {
  version: string;
  platform: string;
  profile: ProfileSummary;
}
