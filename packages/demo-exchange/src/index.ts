/**
 * The built-in demo exchange: API v4 (REST and /ws) as the deployed exchange answers it, on
 * 127.0.0.1, from a seeded engine. The app runs it for its Demo profile; its own tests, the app's
 * tests and outside clients (CCXT, the Python SDKs) are held against it. See README.md here.
 */
export { startDemoExchange, type DemoExchange, type DemoExchangeOptions } from './server';
export { CASINGS, type Casing } from './fields';
export type { DemoLog, WriteFile } from './host';

// What the app's tests read of the demo's data and engine (its seeds, markets and records).
export { ASSETS } from './assets';
export { Decimal } from './decimal';
export { Engine } from './engine';
export { DEMO_MINING_ACCOUNT, outageWindow } from './hashrate';
export { MARKET_BY_NAME, feeAsset, stepOf } from './markets';
export { Rng } from './rng';
export { createSeedState } from './seed';
export type { DealRec, ExchangeState } from './state';
export { transferRecords } from './transfers';
