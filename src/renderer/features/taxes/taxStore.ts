import type {
  CsvExport,
  TaxExportFormat,
  TaxMethod,
  TaxReport,
  TaxSettings,
} from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate, type Fetched } from '../../lib/remote';

export interface TaxQuery {
  quote: string;
  year: number;
}

/**
 * The tax year's report by lots in Settings' quote, computed by main from the history database
 * (its `computedAt` is the slot's fetch time).
 */
export const useTaxReport = createRemote({
  channel: 'tax.report',
  fetch: async (query: TaxQuery): Promise<TaxReport & Fetched> => {
    const report = await getDesk().tax.report(query);
    return { ...report, fetchedAt: report.computedAt };
  },
});

export function saveTaxSettings(input: {
  yearStartMonth: number;
  longTermMonths: number;
  defaultMethod: TaxMethod;
}): Promise<TaxSettings> {
  return mutate('tax.saveSettings', () => getDesk().tax.saveSettings(input));
}

export function setYearMethod(year: number, method: TaxMethod): Promise<TaxSettings> {
  return mutate('tax.setYearMethod', () => getDesk().tax.setYearMethod({ year, method }));
}

/** A deposit's cost in `quote`, or a transfer from the user's own wallet (`ownWallet`). */
export function setDepositCost(input: {
  key: string;
  quote: string;
  cost: string | null;
  ownWallet: boolean;
}): Promise<void> {
  return mutate('tax.setDepositCost', () => getDesk().tax.setDepositCost(input));
}

/** A file for a tax tool, through main's CSV path (save dialog or download). */
export function exportTax(query: TaxQuery & { format: TaxExportFormat }): Promise<CsvExport> {
  return getDesk().tax.export(query);
}
