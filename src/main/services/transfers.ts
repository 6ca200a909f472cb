import type { ChannelParsed } from '../../shared/contract';
import type { Assets, CsvExport, TransfersPage } from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';
import { fetchAllTransfers } from '../exchange/paging';
import { csvFileName, deliverCsv, type SaveFile } from './csv';
import { transfersCsv } from './transfersCsv';

/** The transfers group: deposits and withdrawals, a page at a time or all of them as CSV. */

export async function list(
  api: ExchangeApi,
  { filters, offset, limit }: ChannelParsed<'transfers.list'>,
): Promise<TransfersPage> {
  const [page, assets] = await Promise.all([
    api.depositWithdrawHistory({ ...filters, offset, limit }),
    // Only for the amounts' places: the history still shows when the public list fails.
    api.assets().catch(() => ({}) as Assets),
  ]);
  const places: Record<string, number> = {};
  for (const { ticker } of page.records) {
    const precision = assets[ticker]?.currencyPrecision;
    if (precision !== undefined) places[ticker] = precision;
  }
  return { ...page, places, fetchedAt: Date.now() };
}

/** Every record of the filtered history (up to the 10,000 cap) as CSV. */
export async function exportCsv(
  api: ExchangeApi,
  filters: ChannelParsed<'transfers.exportCsv'>['filters'],
  saveFile: SaveFile | undefined,
): Promise<CsvExport> {
  const { records } = await fetchAllTransfers(api, filters);
  const filename = csvFileName('transfers');
  return deliverCsv(filename, transfersCsv(records), records.length, saveFile);
}
