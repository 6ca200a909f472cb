import { z } from 'zod';
import { channel, decimal, noInput, quote } from './common';
import type { FlexOverview, FlexPayments, FlexTransaction } from '../model';

/** Earn: flex plans, investments and the interest they were paid. */
export const flex = {
  overview: channel<FlexOverview>()(noInput),
  invest: channel<FlexTransaction>()(
    z.object({
      plan: z.string().uuid('Choose a plan.'),
      amount: decimal('amount'),
      withReinvest: z.boolean(),
    }),
  ),
  /** Closes the ACTIVE investment of a plan (the exchange keys investments by plan). */
  close: channel<FlexTransaction>()(z.object({ plan: z.string().uuid('Choose a plan.') })),
  /**
   * Every interest payment (up to 10,000, newest first) and what each investment has been paid:
   * the totals need them all, so main pages through them and the screen filters and sorts. The
   * totals per month are valued in `quote`.
   */
  payments: channel<FlexPayments>()(z.object({ quote })),
} as const;
