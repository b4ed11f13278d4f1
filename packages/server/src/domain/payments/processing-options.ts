import type { Minor } from '../../lib/money.js';
import { Invalid } from '../errors.js';
import type { PaymentType, ProcessingOptions } from './transaction.types.js';

/** A recurring or merchant-initiated payment: no cardholder is present, so no 3-D Secure (docs/decisions/0362). */
export function isMerchantInitiated(options: ProcessingOptions | undefined): boolean {
  const step = options?.rebill?.step;
  return options?.isRebilling === true || step === 'recurring' || step === 'MIT';
}

/**
 * The business rules of the processing options: an amount of 0 only for an Auth or PreAuth that says
 * why (zeroAmountReason or authenticationOnlyType); MCP only into another currency.
 */
export function checkProcessingOptions(
  type: PaymentType,
  amount: Minor,
  currency: string,
  options: ProcessingOptions | undefined,
): void {
  const zeroReason = options?.zeroAmountReason ?? options?.authenticationOnlyType;
  if (amount === 0 && (type === 'Sale' || zeroReason === undefined)) {
    throw new Invalid(
      'amount',
      'may be 0 only for an Auth or PreAuth with zeroAmountReason or authenticationOnlyType',
      'amount',
    );
  }
  if (zeroReason !== undefined && amount !== 0) {
    throw new Invalid(
      options?.zeroAmountReason !== undefined ? 'zeroAmountReason' : 'authenticationOnlyType',
      'needs an amount of 0',
    );
  }
  const mcp = options?.currencyConversion;
  if (mcp && mcp.originalCurrency === currency) {
    throw new Invalid('currencyConversion.originalCurrency', 'must differ from the charged currency');
  }
}

/** The processing options as the acquirer port takes them. */
export function acquirerOptionsOf(o: ProcessingOptions | undefined) {
  if (!o) return {};
  return {
    ...(o.rebill ? { rebill: o.rebill } : {}),
    ...(o.isRebilling !== undefined ? { isRebilling: o.isRebilling } : {}),
    ...(o.zeroAmountReason ? { zeroAmountReason: o.zeroAmountReason } : {}),
    ...(o.authenticationOnlyType ? { authenticationOnlyType: o.authenticationOnlyType } : {}),
    ...(o.currencyConversion
      ? {
          currencyConversion: {
            ...o.currencyConversion,
            originalAmount: o.currencyConversion.originalAmount as number,
          },
        }
      : {}),
  };
}
