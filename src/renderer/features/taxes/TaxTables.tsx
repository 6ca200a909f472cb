import { useMemo } from 'react';
import type {
  OpenLotRow,
  RealizedGainRow,
  TaxIncomeRow,
  TaxReport,
  YearEndHolding,
} from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { decimalColumn, textColumn, tickerColumn } from '../../components/table/columns';
import { DataTable, type Column } from '../../components/table/DataTable';
import { tableHeight } from '../../components/ViewParts';
import { formatDecimal } from '../../lib/decimal';
import { formatCount } from '../../lib/numberFormat';

/** Places of an asset whose display precision the report did not give. */
const UNKNOWN_PLACES = 8;
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
/** Rows shown before a table's body scrolls (the table virtualises what is below). */
const ROWS = 12;

/** A UTC day, sortable by its time. */
const dayText = (ms: number | null) => (ms === null ? 'Before history' : DAY.format(ms));
const daySort = (ms: number | null) => String(ms ?? 0).padStart(16, '0');

/** The places of the report: each asset at its display precision, values in the quote. */
export interface ReportPlaces {
  asset(ticker: string): number;
  quote: number;
}

export function reportPlaces(report: TaxReport): ReportPlaces {
  const precisions = report.precisions ?? {};
  return {
    asset: (ticker) => precisions[ticker] ?? UNKNOWN_PLACES,
    quote: report.quotePlaces ?? UNKNOWN_PLACES,
  };
}

/** A value in the quote (its unit unless a column's header says it), or a dash (with why). */
export function QuoteValue({
  value,
  places,
  quote,
  unit = true,
}: {
  value: string | null;
  places: number;
  quote: string;
  unit?: boolean;
}) {
  return value === null ? (
    <span title={`No close in ${quote} known`}>—</span>
  ) : (
    <Amount value={value} places={places} {...(unit ? { unit: quote } : {})} />
  );
}

/** About a character of a table cell's text, and a cell's padding, in px. */
const CHAR_PX = 8.4;
const CELL_PAD_PX = 28;

/**
 * The least width of a column of figures: as wide as its longest text ("4,524,159.09000000 DOGE"
 * beside "0.01240000 BTC"), never less than `least`, so none is cut.
 */
function fitted(texts: readonly string[], least: number, grow: string): string {
  const longest = texts.reduce((most, text) => Math.max(most, text.length), 0);
  return `minmax(${Math.max(least, Math.ceil(longest * CHAR_PX) + CELL_PAD_PX)}px, ${grow})`;
}

function quoteColumn<Row>(
  id: string,
  header: string,
  value: (row: Row) => string | null,
  report: TaxReport,
  places: ReportPlaces,
  rows: readonly Row[],
  /** Words a row without a value says before its dash. */
  note?: (row: Row) => string | undefined,
): Column<Row> {
  const texts = rows.map((r) => {
    const v = value(r);
    return v === null ? `${note?.(r) ?? ''} —` : formatDecimal(v, places.quote);
  });
  // The quote in the header, not in each cell: the figures keep their room.
  return decimalColumn(
    id,
    `${header} (${report.quote})`,
    fitted(texts, 112, '1fr'),
    value,
    (row) => {
      const said = value(row) === null ? note?.(row) : undefined;
      const figure = (
        <QuoteValue value={value(row)} places={places.quote} quote={report.quote} unit={false} />
      );
      return said ? (
        <>
          <span className="muted small">{said}</span> {figure}
        </>
      ) : (
        figure
      );
    },
  );
}

function amountColumn<Row extends { asset: string; amount: string }>(
  places: ReportPlaces,
  rows: readonly Row[],
): Column<Row> {
  const texts = rows.map((r) => `${formatDecimal(r.amount, places.asset(r.asset))} ${r.asset}`);
  return decimalColumn(
    'amount',
    'Amount',
    fitted(texts, 120, '1.2fr'),
    (r) => r.amount,
    (r) => <Amount value={r.amount} places={places.asset(r.asset)} unit={r.asset} />,
  );
}

const assetColumn = <Row extends { asset: string }>(): Column<Row> =>
  tickerColumn('asset', 'Asset', '64px', (r) => r.asset);

/** What a disposal no close valued on its day says in its proceeds. */
const NO_PRICE = 'No price that day';

/** A value of a realized row: null (a dash) when no close valued its disposal. */
const valued = (row: RealizedGainRow, value: string) => (row.unvalued ? null : value);

/** The realized table's notes: the marks its rows carry, explained. */
function realizedNote(report: TaxReport): string | undefined {
  const unvalued = report.realized.filter((r) => r.unvalued).length;
  const notes = [
    report.realized.some((r) => r.costUnknown)
      ? '* From a deposit whose cost is not entered: its value on the day is used.'
      : '',
    unvalued > 0
      ? `${NO_PRICE}: no close in ${report.quote} was known on the day of ${formatCount(unvalued)} ` +
        `${unvalued === 1 ? 'row' : 'rows'}, so ${unvalued === 1 ? 'its' : 'their'} proceeds, ` +
        'fee and gain are not known; the totals count them as 0.'
      : '',
  ].filter(Boolean);
  return notes.length > 0 ? notes.join(' ') : undefined;
}

/** "Realized gains": one row per disposal and lot it took. */
export function RealizedTable({ report, places }: { report: TaxReport; places: ReportPlaces }) {
  // Built once a report (the widths read every row).
  const columns = useMemo(
    (): Column<RealizedGainRow>[] => [
      assetColumn(),
      amountColumn(places, report.realized),
      textColumn(
        'acquired',
        'Acquired',
        '128px',
        (r) => daySort(r.acquiredAt),
        (r) => (
          <span title={r.costUnknown ? 'From a deposit whose cost is not entered' : undefined}>
            {dayText(r.acquiredAt)}
            {r.costUnknown ? ' *' : ''}
          </span>
        ),
      ),
      textColumn(
        'disposed',
        'Disposed',
        '112px',
        (r) => daySort(r.disposedAt),
        (r) => dayText(r.disposedAt),
      ),
      quoteColumn(
        'proceeds',
        'Proceeds',
        (r) => valued(r, r.proceeds),
        report,
        places,
        report.realized,
        () => NO_PRICE.toLowerCase(),
      ),
      quoteColumn('cost', 'Cost', (r) => r.cost, report, places, report.realized),
      quoteColumn('fee', 'Fee', (r) => valued(r, r.fee), report, places, report.realized),
      quoteColumn('gain', 'Gain', (r) => valued(r, r.gain), report, places, report.realized),
      textColumn(
        'term',
        'Term',
        '56px',
        (r) => r.term,
        (r) => (r.term === 'long' ? 'Long' : 'Short'),
      ),
    ],
    [report, places],
  );
  return (
    <TaxTable
      title="Realized gains"
      id="tax-realized"
      rows={report.realized}
      columns={columns}
      empty="Nothing sold, converted or spent in this tax year."
      initialSort={{ id: 'disposed', dir: 'desc' }}
      rowTestId="tax-realized-row"
      note={realizedNote(report)}
    />
  );
}

const INCOME_KINDS = { mining: 'Mining reward', interest: 'Flex interest' } as const;

/** "Income": mining rewards and flex interest, valued at the day's close. */
export function IncomeTable({ report, places }: { report: TaxReport; places: ReportPlaces }) {
  // Built once a report (the widths read every row).
  const columns = useMemo(
    (): Column<TaxIncomeRow>[] => [
      textColumn(
        'date',
        'Date',
        '112px',
        (r) => daySort(r.at),
        (r) => dayText(r.at),
      ),
      textColumn('kind', 'Kind', '120px', (r) => INCOME_KINDS[r.kind]),
      assetColumn(),
      amountColumn(places, report.income),
      quoteColumn('value', 'Value', (r) => r.value, report, places, report.income),
    ],
    [report, places],
  );
  return (
    <TaxTable
      title="Income"
      id="tax-income"
      rows={report.income}
      columns={columns}
      empty="No mining reward or flex interest in this tax year."
      initialSort={{ id: 'date', dir: 'desc' }}
      rowTestId="tax-income-row"
    />
  );
}

/** "Open lots": what is still held, its cost, value and days to long term. */
export function OpenLotsTable({ report, places }: { report: TaxReport; places: ReportPlaces }) {
  // Built once a report (the widths read every row).
  const columns = useMemo(
    (): Column<OpenLotRow>[] => [
      assetColumn(),
      textColumn(
        'acquired',
        'Acquired',
        '128px',
        (r) => daySort(r.acquiredAt),
        (r) => dayText(r.acquiredAt),
      ),
      amountColumn(places, report.openLots),
      quoteColumn('cost', 'Cost', (r) => r.cost, report, places, report.openLots),
      {
        ...quoteColumn('value', 'Value', (r) => r.value, report, places, report.openLots),
        priority: 'low',
      },
      quoteColumn('unrealized', 'Unrealized', (r) => r.unrealized, report, places, report.openLots),
      {
        id: 'days',
        header: 'Days to long term',
        align: 'right',
        width: '96px',
        cell: (r) => (r.daysToLongTerm === 0 ? 'Long term' : formatCount(r.daysToLongTerm)),
        sort: (a, b) => a.daysToLongTerm - b.daysToLongTerm,
      },
    ],
    [report, places],
  );
  return (
    <TaxTable
      title="Open lots"
      id="tax-open"
      rows={report.openLots}
      columns={columns}
      empty="No lot held."
      initialSort={{ id: 'acquired', dir: 'asc' }}
      rowTestId="tax-open-row"
    />
  );
}

/** The holdings at the tax year's end, with their cost and value then. */
export function YearEndTable({ report, places }: { report: TaxReport; places: ReportPlaces }) {
  // Built once a report (the widths read every row).
  const columns = useMemo(
    (): Column<YearEndHolding>[] => [
      assetColumn(),
      amountColumn(places, report.yearEnd.holdings),
      quoteColumn('cost', 'Cost', (r) => r.cost, report, places, report.yearEnd.holdings),
      {
        ...quoteColumn('price', 'Price', (r) => r.price, report, places, report.yearEnd.holdings),
        priority: 'low',
      },
      quoteColumn('value', 'Value', (r) => r.value, report, places, report.yearEnd.holdings),
    ],
    [report, places],
  );
  return (
    <TaxTable
      title={`Holdings at the year's end (${dayText(report.yearEnd.at)})`}
      label="Year-end holdings"
      id="tax-year-end"
      rows={report.yearEnd.holdings}
      columns={columns}
      empty="Nothing held at the year's end."
      initialSort={{ id: 'asset', dir: 'asc' }}
      rowTestId="tax-year-end-row"
    />
  );
}

function TaxTable<Row extends { asset: string }>({
  title,
  label = title,
  id,
  rows,
  columns,
  empty,
  initialSort,
  rowTestId,
  note,
}: {
  title: string;
  label?: string;
  id: string;
  rows: readonly Row[];
  columns: Column<Row>[];
  empty: string;
  initialSort: { id: string; dir: 'asc' | 'desc' };
  rowTestId: string;
  note?: string | undefined;
}) {
  return (
    <section className="card tax-table" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <DataTable
        label={label}
        rows={rows}
        columns={columns}
        rowKey={(r) => ('id' in r ? String(r.id) : r.asset)}
        status="ready"
        empty={empty}
        initialSort={initialSort}
        height={tableHeight(rows.length, ROWS)}
        rowTestId={rowTestId}
      />
      {note ? <p className="muted small">{note}</p> : null}
    </section>
  );
}
