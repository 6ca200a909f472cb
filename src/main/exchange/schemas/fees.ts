import type { AssetFees, Fees, FlexFee, ProviderFees, TransferFee } from '../../../shared/model';
import {
  asBool,
  compact,
  decimal,
  isPlainObject,
  listOf,
  mapOf,
  optBool,
  optDecimal,
  optObject,
  optText,
  parserOf,
  record,
  routed,
  text,
  withDefault,
} from './primitives';

/**
 * /public/fee: per asset, what a deposit and a withdrawal cost and may be. Crypto assets have one
 * flat fee object a direction and no providers; fiat assets list payment providers, and each
 * direction is keyed by provider.
 */

const flexFeeSchema = record({
  percent: decimal,
  minFee: optDecimal,
  maxFee: optDecimal,
}).transform((f): FlexFee =>
  compact<FlexFee>({ percent: f.percent, minFee: f.minFee, maxFee: f.maxFee }),
);

const feeDetailsShape = {
  maxAmount: optDecimal,
  minAmount: optDecimal,
  fixed: optDecimal,
  flex: optObject(flexFeeSchema),
};

type FeeDetails = { maxAmount?: string; minAmount?: string; fixed?: string; flex?: FlexFee };

const toFee = (d: FeeDetails, enabled: boolean): TransferFee =>
  compact<TransferFee>({
    enabled,
    minAmount: d.minAmount,
    maxAmount: d.maxAmount,
    fixed: d.fixed,
    flex: d.flex,
  });

/** Absent means closed (the reference: "absence should be treated as equivalent to false"). */
const closedByDefault = withDefault('a boolean', asBool, false);

const cryptoFeesSchema = record({
  name: text,
  isDepositable: closedByDefault,
  isWithdrawal: closedByDefault,
  deposit: optObject(record(feeDetailsShape)),
  withdraw: optObject(record(feeDetailsShape)),
}).transform((a): Omit<AssetFees, 'ticker'> =>
  compact({
    name: a.name,
    deposit: a.deposit && toFee(a.deposit, a.isDepositable),
    withdraw: a.withdraw && toFee(a.withdraw, a.isWithdrawal),
    providers: [],
  }),
);

const providerFeeSchema = record({
  name: optText,
  isDepositable: optBool,
  isWithdrawal: optBool,
  ...feeDetailsShape,
});

const fiatFeesSchema = record({
  name: text,
  providers: listOf(text),
  deposit: optObject(mapOf(providerFeeSchema)),
  withdraw: optObject(mapOf(providerFeeSchema)),
}).transform((a): Omit<AssetFees, 'ticker'> => {
  const providers = a.providers.map((id): ProviderFees => {
    const deposit = a.deposit?.[id];
    const withdraw = a.withdraw?.[id];
    return compact<ProviderFees>({
      id,
      name: deposit?.name ?? withdraw?.name ?? id,
      deposit: deposit && toFee(deposit, deposit.isDepositable ?? false),
      withdraw: withdraw && toFee(withdraw, withdraw.isWithdrawal ?? false),
    });
  });
  return { name: a.name, providers };
});

/** Fiat when it lists providers; crypto otherwise. */
const assetFeesSchema = routed<Omit<AssetFees, 'ticker'>>((value) =>
  isPlainObject(value) && Array.isArray(value.providers) && value.providers.length > 0
    ? fiatFeesSchema
    : cryptoFeesSchema,
);

const feesSchema = mapOf(assetFeesSchema).transform((map): Fees =>
  Object.fromEntries(Object.entries(map).map(([ticker, fees]) => [ticker, { ticker, ...fees }])),
);

export const parseFees = parserOf<Fees>(feesSchema, '/api/v4/public/fee');
