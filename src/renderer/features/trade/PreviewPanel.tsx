import Decimal from 'decimal.js';
import type { TradeContext } from '../../../shared/model';
import { formatDecimal } from '../../lib/decimal';
import type { OrderFormValues } from './checks';
import type { Preview } from './preview';
import { stopWords } from './placement';
import { isStop } from './stop';

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
  // A buy's fee is charged in the stock it receives, a sell's in the money (preview.ts).
  const fee = (v: string) => (estimate?.feeUnit === 'stock' ? stock(v) : money(v));
  const side = form.kind === 'market' ? 'buy' : form.side;
  const stopNote = isStop(form.kind)
    ? 'A stop order waits: nothing fills until the last price reaches the activation price.'
    : 'From the order book; the exchange fills at its own prices.';

  const needs =
    form.kind === 'limit'
      ? 'an amount and a price'
      : form.kind === 'stop_limit'
        ? 'an amount, an activation price and a limit price'
        : form.kind === 'stop_market'
          ? 'an amount and an activation price'
          : 'an amount';
  let body;
  if (!estimate) {
    body = <p className="muted">Enter {needs} to see the estimate.</p>;
  } else if (isStop(form.kind)) {
    // Nothing fills now: when it triggers, what it becomes, and its total.
    const spend = form.kind === 'stop_market' && side === 'buy';
    const rows: [string, string][] = [
      ['When', stopWords(form, market) ?? ''],
      [
        form.kind === 'stop_limit' ? 'Total at your price' : 'Total at the activation price',
        // Exact at a limit price and for a spend amount; a stop-market sell's is its worth at the activation price.
        `${spend || form.kind === 'stop_limit' ? '' : '≈\u00a0'}${money(estimate.limitTotal ?? '0')}`,
      ],
      [
        spend ? 'Estimated to receive' : 'Amount',
        spend ? `≈\u00a0${stock(estimate.received)}` : stock(estimate.stock),
      ],
      [`Fee once it triggers (up to ${market.takerFee} %)`, `≈\u00a0${fee(estimate.fee)}`],
    ];
    body = (
      <dl className="trade-preview-list" data-testid="trade-stop-preview">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    );
  } else {
    const rows: [string, string, string?][] = [];
    if (form.kind === 'limit') {
      rows.push([`Total at your price`, money(estimate.limitTotal ?? '0')]);
      if (estimate.crosses) {
        rows.push([
          'Fills at once',
          `≈\u00a0${stock(estimate.stock)} at ≈\u00a0${formatDecimal(estimate.avgPrice ?? '0', market.moneyPrec)} ${m}`,
        ]);
        rows.push([`Taker fee (${market.takerFee} %)`, `≈\u00a0${fee(estimate.fee)}`]);
      }
      if (new Decimal(estimate.rests ?? '0').gt(0)) {
        rows.push([
          `Maker fee (${market.makerFee} %)`,
          `≈\u00a0${fee(estimate.restingFee ?? '0')} if it rests`,
        ]);
      }
    } else {
      rows.push([
        'Estimated average price',
        estimate.avgPrice
          ? `≈\u00a0${formatDecimal(estimate.avgPrice, market.moneyPrec)} ${m}`
          : '—',
      ]);
      if (form.kind === 'market') {
        rows.push(['You spend', money(form.amount.trim())]);
        rows.push([`Fee (taker ${market.takerFee} %)`, `≈\u00a0${fee(estimate.fee)}`]);
        rows.push(['Estimated to receive', `≈\u00a0${stock(estimate.received)}`]);
      } else {
        rows.push([
          side === 'buy' ? 'Estimated cost' : 'Estimated proceeds',
          `≈\u00a0${money(estimate.money)}`,
        ]);
        rows.push([`Fee (taker ${market.takerFee} %)`, `≈\u00a0${fee(estimate.fee)}`]);
        rows.push([
          side === 'buy' ? 'Estimated to receive' : 'Total to receive',
          `≈\u00a0${side === 'buy' ? stock(estimate.received) : money(estimate.received)}`,
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
      <p className="small muted">{stopNote}</p>
      {body}
    </section>
  );
}
