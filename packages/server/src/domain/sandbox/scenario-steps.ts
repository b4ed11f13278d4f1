import { formatDecimal, type Minor } from '../../lib/money.js';
import { Secret } from '../../lib/secret.js';
import type { MerchantContext } from '../merchants/merchant.types.js';
import { createOrder, findOrder } from '../orders/order.service.js';
import type { CardInput } from '../payments/acquirer.port.js';
import { completeApmPayment } from '../payments/apm.service.js';
import { type Instrument, payOrder, type PayOrderOutcome } from '../payments/pay-order.js';
import { followUp, type Origin } from '../payments/payment.service.js';
import { payout } from '../payments/payout.service.js';
import type { FollowUpType, PaymentType, Transaction } from '../payments/transaction.types.js';
import { createAccountOwner, moveKycStatus } from '../platform/platform.service.js';
import type { KycStatus } from '../platform/platform.types.js';
import type { DomainDeps } from '../ports.js';
import { runDueCharges } from '../rebilling/due-charges.service.js';
import { createPlan } from '../rebilling/plan.service.js';
import { createSubscription } from '../rebilling/subscription.service.js';
import { addCreditCard } from '../users/upo-admin.service.js';
import { createUser } from '../users/user.service.js';
import { approveWithdrawal } from '../withdrawals/order.service.js';
import { settleWithdrawalOrder } from '../withdrawals/order.settle.js';
import { submitWithdrawal } from '../withdrawals/withdrawal.service.js';

/** What sandbox scenarios (scenarios.ts) are made of: the operations they run, each recording what it made. */

/** The site and entity a scenario acts for: a merchant's Operations key, or an operator naming a site. */
export type TriggerContext = MerchantContext;

/** One object a scenario made or moved, as the caller can read it back through the public APIs. */
/** What a person does next, when a scenario leaves something waiting (the 3-D Secure challenge). */
export interface NextAction {
  action: string;
  url: string;
}

export interface MadeObject {
  kind:
    | 'order'
    | 'transaction'
    | 'user'
    | 'upo'
    | 'plan'
    | 'subscription'
    | 'withdrawalRequest'
    | 'withdrawalOrder'
    | 'accountOwner';
  id: string;
  status: string;
  /** e.g. the transaction type, the amount approved, a decline reason */
  detail?: Record<string, string | number | boolean | null>;
}

/** The sandbox's test cards (docs/testing.md). */
export const TRIGGER_CARDS = {
  approved: '4761344136141390',
  declined: '4000000000000002',
  /** Insufficient Funds, or half the amount with partial approval on */
  partial: '4000000000009995',
  /** approved after a 3-D Secure challenge */
  challenge: '2221008123677736',
} as const;

export const AMOUNT = 1000 as Minor;
export const CURRENCY = 'EUR';

/** The operations scenarios are made of, each recording what it made. */
export class Steps {
  readonly made: MadeObject[] = [];
  readonly transactionIds = new Set<string>();

  constructor(
    private readonly deps: DomainDeps,
    private readonly ctx: TriggerContext,
    private readonly baseUrl: string,
  ) {}

  private session = () => ({ merchantId: this.ctx.merchantId, siteId: this.ctx.siteId });

  private card(number: string, holderName = 'Sandbox Trigger'): CardInput {
    const year = new Date(this.deps.clock.now()).getUTCFullYear() + 3;
    return { number: new Secret(number), holderName, expMonth: 12, expYear: year, cvv: new Secret('217') };
  }

  private recordTx(tx: Transaction): Transaction {
    this.transactionIds.add(tx.id);
    const detail: MadeObject['detail'] = {
      type: tx.type,
      amount: formatDecimal(tx.amount, tx.currency),
      currency: tx.currency,
    };
    if (tx.relatedTransactionId !== null) detail.relatedTransactionId = tx.relatedTransactionId;
    if (tx.partialApproval) detail.requestedAmount = formatDecimal(tx.requestedAmount, tx.currency);
    if (tx.errorReason !== null) detail.reason = tx.errorReason;
    if (tx.orderId !== null) detail.orderId = tx.orderId;
    this.made.push({ kind: 'transaction', id: tx.id, status: tx.status, detail });
    return tx;
  }

  /** A REST order of the caller's entity, as `POST /payment-api/orders` makes it. */
  private async order(): Promise<Origin> {
    const body = {
      processingEntityId: this.ctx.entityId,
      amount: 10,
      currency: CURRENCY,
      permittedOperations: ['payments'],
    };
    let sessionId = '';
    await createOrder(
      this.deps,
      this.ctx,
      {
        entityId: this.ctx.entityId,
        merchantTransactionId: null,
        amount: AMOUNT,
        currency: CURRENCY,
        transactionType: null,
        openAmount: null,
        permittedOperations: ['payments'],
        productId: null,
        webhookUrl: null,
        requestJson: JSON.stringify(body),
      },
      (o) => ((sessionId = o.sessionId), { status: 201, body: '{}' }),
    );
    const order = await findOrder(this.deps.storage.read, this.ctx, { sessionId });
    this.made.push({
      kind: 'order',
      id: String(order.id),
      status: order.status,
      detail: { sessionId, amount: formatDecimal(order.amount, order.currency), currency: order.currency },
    });
    return {
      via: 'rest',
      merchantId: this.ctx.merchantId,
      siteId: this.ctx.siteId,
      entityId: this.ctx.entityId,
      orderId: order.id,
      sessionId,
      merchantTransactionId: null,
      productId: null,
      webhookUrl: null,
      userTokenId: null,
    };
  }

  private async pay(
    origin: Origin,
    instrument: Instrument,
    type: PaymentType,
    extra: {
      partialApproval?: boolean;
      threeD?: { init: true } | { relatedTransactionId: string; request: Record<string, string> };
    } = {},
  ): Promise<PayOrderOutcome> {
    return payOrder(this.deps, { via: 'rest', origin }, instrument, {
      type,
      amount: AMOUNT,
      currency: CURRENCY,
      partialApproval: extra.partialApproval ?? false,
      baseUrl: this.baseUrl,
      ...(extra.threeD ? { threeD: extra.threeD } : {}),
    });
  }

  private static txOf(outcome: PayOrderOutcome): Transaction {
    if (outcome.kind === 'replay') throw new Error('a trigger asks for no replay');
    return outcome.tx;
  }

  async cardSale(
    card: keyof typeof TRIGGER_CARDS,
    type: PaymentType = 'Sale',
    partialApproval = false,
  ): Promise<Transaction> {
    const origin = await this.order();
    const outcome = await this.pay(origin, { kind: 'card', card: this.card(TRIGGER_CARDS[card]) }, type, {
      partialApproval,
    });
    return this.recordTx(Steps.txOf(outcome));
  }

  async followUp(type: FollowUpType, parent: Transaction): Promise<Transaction> {
    const run = await followUp(this.deps, {
      origin: {
        via: 'rest',
        merchantId: this.ctx.merchantId,
        siteId: this.ctx.siteId,
        entityId: this.ctx.entityId,
        orderId: null,
        sessionId: null,
        merchantTransactionId: null,
        webhookUrl: null,
      },
      type,
      relatedTransactionId: parent.id,
      ...(type === 'Void' ? {} : { amount: parent.amount, currency: parent.currency }),
      mayReach: (_repos, tx) => Promise.resolve(tx.merchantId === this.ctx.merchantId),
    });
    if (!run.tx) throw new Error('a trigger asks for no replay');
    return this.recordTx(run.tx);
  }

  async challenge(): Promise<{ next: NextAction }> {
    const origin = await this.order();
    const card = this.card(TRIGGER_CARDS.challenge);
    const init = Steps.txOf(await this.pay(origin, { kind: 'card', card }, 'Sale', { threeD: { init: true } }));
    this.recordTx(init);
    const outcome = await this.pay(origin, { kind: 'card', card }, 'Sale', {
      threeD: {
        relatedTransactionId: init.id,
        request: { methodCompletionInd: 'U', notificationURL: `${this.baseUrl}/acs/complete`, platformType: '02' },
      },
    });
    this.recordTx(Steps.txOf(outcome));
    if (outcome.kind !== 'challenge') throw new Error(`the challenge card answered ${outcome.kind}, not a challenge`);
    return {
      next: { action: 'open the 3-D Secure challenge, then complete or fail it', url: outcome.challenge.acsUrl },
    };
  }

  async apmPendingThenApproved(): Promise<void> {
    const origin = await this.order();
    const outcome = await this.pay(
      origin,
      { kind: 'apm', apm: { method: 'apmgw_BankTransfer', data: { email: 'buyer@example.com' } } },
      'Sale',
    );
    const pending = this.recordTx(Steps.txOf(outcome));
    const done = await completeApmPayment(this.deps, pending.id, 'approved', 'operator', {
      merchantId: this.ctx.merchantId,
    });
    this.recordTx(done);
  }

  /** A new user of the site with a stored card (a UPO, the card sealed in the vault). */
  private async userWithCard(
    card: keyof typeof TRIGGER_CARDS = 'approved',
  ): Promise<{ userTokenId: string; upoId: string }> {
    const userTokenId = `trigger-${this.deps.ids.numeric(10)}`;
    const user = await createUser(this.deps, this.session(), userTokenId, {
      firstName: 'Sandbox',
      lastName: 'Trigger',
      email: 'buyer@example.com',
      countryCode: 'DE',
    });
    this.made.push({ kind: 'user', id: user.userTokenId, status: 'created' });
    const c = this.card(TRIGGER_CARDS[card]);
    const { upo } = await addCreditCard(this.deps, this.session(), userTokenId, {
      number: c.number.expose(),
      expMonth: String(c.expMonth),
      expYear: String(c.expYear),
      holderName: c.holderName,
    });
    this.made.push({
      kind: 'upo',
      id: upo.id,
      status: 'enabled',
      detail: { userTokenId, paymentMethod: upo.paymentMethod },
    });
    return { userTokenId, upoId: upo.id };
  }

  async payout(): Promise<void> {
    const { userTokenId, upoId } = await this.userWithCard();
    const run = await payout(this.deps, {
      origin: {
        via: 'session',
        merchantId: this.ctx.merchantId,
        siteId: this.ctx.siteId,
        entityId: null,
        orderId: null,
        sessionId: null,
        userTokenId,
      },
      amount: AMOUNT,
      currency: CURRENCY,
      destination: { kind: 'upo', userPaymentOptionId: upoId, field: 'userPaymentOption.userPaymentOptionId' },
    });
    if (!run.tx) throw new Error('a trigger asks for no replay');
    this.recordTx(run.tx);
  }

  async withdrawal(until: 'requested' | 'approved' | 'settled'): Promise<void> {
    const { userTokenId, upoId } = await this.userWithCard();
    const caller = this.session();
    const w = await submitWithdrawal(this.deps, caller, {
      userTokenId,
      userId: userTokenId,
      upoId,
      upoField: 'userPMId',
      amount: AMOUNT,
      currency: CURRENCY,
    });
    this.made.push({
      kind: 'withdrawalRequest',
      id: w.id,
      status: w.status,
      detail: { amount: formatDecimal(w.amount, w.currency), currency: w.currency },
    });
    if (until === 'requested') return;
    const approved = await approveWithdrawal(this.deps, caller, { wdRequestId: w.id, operatorName: 'sandbox trigger' });
    if (approved.replay) throw new Error('a trigger asks for no replay');
    this.made.push({ kind: 'withdrawalRequest', id: approved.withdrawal.id, status: approved.withdrawal.status });
    const order = approved.order;
    this.made.push({
      kind: 'withdrawalOrder',
      id: order.id,
      status: order.status,
      detail: { wdRequestId: w.id, amount: formatDecimal(order.amount, order.currency), currency: order.currency },
    });
    if (until === 'approved') return;
    const settled = await settleWithdrawalOrder(this.deps, caller, { wdOrderId: order.id });
    this.recordTx(settled.payout);
    this.made.push({ kind: 'withdrawalOrder', id: settled.order.id, status: settled.order.status });
    const after = await this.deps.storage.read.withdrawals.find(w.id);
    if (after) this.made.push({ kind: 'withdrawalRequest', id: after.id, status: after.status });
  }

  async subscription(outcome: 'approved' | 'declined'): Promise<void> {
    const { userTokenId, upoId } = await this.userWithCard(outcome === 'approved' ? 'approved' : 'declined');
    const plan = await createPlan(this.deps, this.session(), {
      name: `Trigger plan ${this.deps.ids.numeric(6)}`,
      currency: CURRENCY,
      initialAmount: '10.00',
      recurringAmount: '10.00',
      endAfter: { day: '0', month: '0', year: '1' },
    });
    this.made.push({ kind: 'plan', id: plan.id, status: plan.status });
    const sub = await createSubscription(this.deps, this.session(), {
      planId: plan.id,
      userTokenId,
      userPaymentOptionId: upoId,
      endAfter: { day: '0', month: '0', year: '1' },
    });
    // Its first cycle is due at once: the scheduler's run charges it, as `rebilling run-due` does.
    await runDueCharges(this.deps, {
      merchantId: this.ctx.merchantId,
      at: Math.max(this.deps.clock.now(), sub.nextChargeAt ?? 0),
    });
    const charged = (await this.deps.storage.read.subscriptions.find(sub.id)) ?? sub;
    const charges = await this.deps.storage.read.subscriptions.charges(sub.id);
    for (const c of charges) {
      if (c.transactionId === null) continue;
      const tx = await this.deps.storage.read.payments.find(c.transactionId);
      if (tx) this.recordTx(tx);
    }
    this.made.push({
      kind: 'subscription',
      id: charged.id,
      status: charged.status,
      detail: {
        nextChargeAt: charged.nextChargeAt === null ? null : new Date(charged.nextChargeAt).toISOString(),
        nextAttempt: charged.nextAttempt,
      },
    });
  }

  async kyc(moves: KycStatus[]): Promise<void> {
    const n = this.deps.ids.numeric(8);
    let owner = await createAccountOwner(
      this.deps,
      { platformId: this.ctx.merchantId, siteId: this.ctx.siteId },
      { extRef: `trigger-${n}`, name: `Sandbox Seller ${n}`, email: `seller-${n}@example.com`, country: 'DE' },
    );
    this.made.push({ kind: 'accountOwner', id: owner.code, status: owner.kycStatus });
    for (const to of moves) {
      owner = await moveKycStatus(
        this.deps,
        { platformId: this.ctx.merchantId },
        owner.code,
        to,
        to === 'REJECTED' ? 'sandbox trigger' : undefined,
      );
      this.made.push({ kind: 'accountOwner', id: owner.code, status: owner.kycStatus });
    }
  }
}
