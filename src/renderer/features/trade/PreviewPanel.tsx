import Decimal from 'decimal.js';
import type { TradeContext } from '../../../shared/model';
import { formatDecimal, formatPrice } from '../../lib/decimal';
import type { OrderFormValues } from './checks';
import type { Preview } from './preview';

interface PreviewPanelProps {
  form: OrderFormValues;
  context: TradeContext;
  estimate: Preview | undefined;
}

/** The likely outcome from the order book, shown before the user reviews the order. */
export function PreviewPanel({ form, context, estimate }: PreviewPanelProps) {
  const { market } = context;
  const m = market.money;
  const s = market.stock;
  const money = (v: string) => `${formatDecimal(v, market.moneyPrec)} ${m}`;
  const stock = (v: string) => `${formatDecimal(v, market.stockPrec)} ${s}`;
  const side = form.kind === 'market' ? 'buy' : form.side;

  let body;
  if (!estimate) {
    body = (
      <p className="muted">
        Enter {form.kind === 'limit' ? 'an amount and a price' : 'an amount'} to see the estimate.
      </p>
    );
  } else {
    const rows: [string, string, string?][] = [];
    if (form.kind === 'limit') {
      rows.push([`Total at your price`, money(estimate.limitTotal ?? '0')]);
      if (estimate.crosses) {
        rows.push([
          'Fills at once',
          `≈\u00a0${stock(estimate.stock)} at ≈\u00a0${formatPrice(estimate.avgPrice ?? '0', market.moneyPrec)} ${m}`,
        ]);
        rows.push([`Taker fee (${market.takerFee} %)`, `≈\u00a0${money(estimate.fee)}`]);
      }
      if (new Decimal(estimate.rests ?? '0').gt(0)) {
        rows.push([
          `Maker fee (${market.makerFee} %)`,
          `≈\u00a0${money(estimate.restingFee ?? '0')} if it rests`,
        ]);
      }
    } else {
      rows.push([
        'Estimated average price',
        estimate.avgPrice ? `≈\u00a0${formatPrice(estimate.avgPrice, market.moneyPrec)} ${m}` : '—',
      ]);
      if (form.kind === 'market') {
        rows.push(['You spend', `${money(form.amount.trim())} (fee included)`]);
        rows.push(['Estimated to receive', `≈\u00a0${stock(estimate.stock)}`]);
        rows.push([`Fee (taker ${market.takerFee} %)`, `≈\u00a0${money(estimate.fee)}`]);
      } else {
        rows.push([
          side === 'buy' ? 'Estimated cost' : 'Estimated proceeds',
          `≈\u00a0${money(estimate.money)}`,
        ]);
        rows.push([`Fee (taker ${market.takerFee} %)`, `≈\u00a0${money(estimate.fee)}`]);
        rows.push([
          side === 'buy' ? 'Total to pay' : 'Total to receive',
          `≈\u00a0${money(estimate.total)}`,
        ]);
      }
      rows.push([
        'Slippage vs last price',
        estimate.slippage === null ? '—' : `${estimate.slippage} %`,
        estimate.slippageWarning ? 'warn' : undefined,
      ]);
    }
    body = (
      <>
        <dl className="trade-preview-list">
          {rows.map(([label, value, tone]) => (
            <div key={label} className={tone === 'warn' ? 'trade-warn-row' : undefined}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {estimate.slippageWarning ? (
          <p className="trade-warn" role="status">
            The average price is {estimate.slippage} % worse than the last price (above 1 %).
          </p>
        ) : null}
        {estimate.notEnoughDepth ? (
          <p className="trade-warn" role="status">
            Not enough depth: the order book cannot fill all of it right now (≈{' '}
            {stock(estimate.stock)} available).
          </p>
        ) : null}
        {form.kind === 'limit' && estimate.crosses && form.postOnly ? (
          <p className="trade-warn" role="status">
            Post-only: this price crosses the book, so the exchange will refuse it.
          </p>
        ) : null}
      </>
    );
  }
  return (
    <section className="card trade-preview" aria-labelledby="trade-preview-title">
      <h2 id="trade-preview-title">Preview</h2>
      <p className="small muted">From the order book; the exchange fills at its own prices.</p>
      {body}
    </section>
  );
}
