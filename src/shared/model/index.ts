/**
 * The domain model shared by main and the page, by contract group (one file each in this folder;
 * common.ts holds what the groups share). The exchange's answers are parsed into one camelCase
 * shape, whatever casing the exchange answered in (src/main/exchange/schemas/ turns both into
 * these, rule 4, docs/architecture.md). Amounts, prices and fees are decimal strings, never numbers
 * (rule 5); times are Unix milliseconds.
 */
export * from './common';
export * from './app';
export * from './exchange';
export * from './profiles';
export * from './oauth';
export * from './lock';
export * from './portfolio';
export * from './orders';
export * from './keyHistory';
export * from './trade';
export * from './flex';
export * from './subAccounts';
export * from './transfers';
export * from './receive';
export * from './mining';
export * from './stream';
export * from './convert';
export * from './priceAlerts';
export * from './tax';
