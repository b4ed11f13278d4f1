import type { FastifyInstance } from 'fastify';
import {
  addApm,
  addCreditCard,
  addCreditCardByTempToken,
  addCreditCardByToken,
  type AddedCardUpo,
  editApm,
  editCard,
  setUpoSuspended,
} from '../../domain/users/upo-admin.service.js';
import { SessionEnvelope } from '../../schemas/session/envelope.schema.js';
import {
  AddUpoApmRequest,
  AddUpoByTempTokenRequest,
  AddUpoByTokenRequest,
  AddUpoCreditCardRequest,
  AddUpoResponse,
  EditUpoApmRequest,
  EditUpoCcRequest,
  UpoStateRequest,
} from '../../schemas/session/users.schema.js';
import { registerCatalogueMethod } from './catalogue.js';

const cardAnswer = (a: AddedCardUpo) => ({
  userPaymentOptionId: a.upo.id,
  ccToken: a.ccToken,
  brand: a.upo.brand ?? '',
  uniqueCC: a.uniqueCC,
  bin: a.upo.bin ?? '',
  last4Digits: a.upo.last4 ?? '',
});

/**
 * Stored payment options managed by the merchant (docs/session-methods.md): addUPOCreditCard,
 * addUPOCreditCardByToken, addUPOCreditCardByTempToken, addUPOAPM, editUPOCC, editUPOAPM, suspendUPO, enableUPO. The user must
 * exist on the caller's site (createUser; 1010 otherwise); a UPO of another site or user is 1011.
 */
export function registerUposAdmin(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  registerCatalogueMethod(app, {
    name: 'addUPOCreditCard',
    summary: 'Store a card for a user',
    description:
      'Stores the card (number in the vault, masked fields in the UPO; the same card of the same user gives the same UPO). Answers userPaymentOptionId, ccToken, brand, uniqueCC, bin, last4Digits.',
    body: AddUpoCreditCardRequest,
    response: AddUpoResponse,
    async handle(ctx, b) {
      const added = await addCreditCard(deps(), ctx, b.userTokenId, {
        number: b.ccCardNumber,
        expMonth: b.ccExpMonth,
        expYear: b.ccExpYear,
        holderName: b.ccNameOnCard ?? '',
      });
      return cardAnswer(added);
    },
  });
  registerCatalogueMethod(app, {
    name: 'addUPOCreditCardByToken',
    summary: 'Store an already vaulted card for a user',
    description:
      "Stores for the user the card of a ccToken that addUPOCreditCard answered to the same merchant (no card number travels), with the expiry and holder sent; bin and last4Digits must be that card's. An unknown or foreign ccToken, or another card's bin or last4Digits, is errCode 1061; an expired date 1029 (docs/decisions/0134). Answers userPaymentOptionId, ccToken, brand, uniqueCC, bin, last4Digits.",
    body: AddUpoByTokenRequest,
    response: AddUpoResponse,
    async handle(ctx, b) {
      const added = await addCreditCardByToken(deps(), ctx, b.userTokenId, {
        ccToken: b.ccToken,
        expMonth: b.ccExpMonth,
        expYear: b.ccExpYear,
        holderName: b.ccNameOnCard,
        bin: b.bin,
        last4Digits: b.last4Digits,
      });
      return cardAnswer(added);
    },
  });
  registerCatalogueMethod(app, {
    name: 'addUPOCreditCardByTempToken',
    summary: 'Store a tokenized card for a user',
    description:
      'Stores the card of a ccTempToken (cardTokenization) of the same session; the token is used up. An unknown, used or foreign token is errCode 1061.',
    body: AddUpoByTempTokenRequest,
    response: AddUpoResponse,
    async handle(ctx, b) {
      return cardAnswer(await addCreditCardByTempToken(deps(), ctx, b.userTokenId, b.sessionToken, b.ccTempToken));
    },
  });
  registerCatalogueMethod(app, {
    name: 'addUPOAPM',
    summary: 'Store an APM account for a user',
    description: 'Stores paymentMethodName with its apmData for the user; answers userPaymentOptionId.',
    body: AddUpoApmRequest,
    response: AddUpoResponse,
    async handle(ctx, b) {
      const upo = await addApm(deps(), ctx, b.userTokenId, b.paymentMethodName, b.apmData);
      return { userPaymentOptionId: upo.id };
    },
  });
  registerCatalogueMethod(app, {
    name: 'editUPOCC',
    summary: "Edit a stored card's expiry and holder",
    description: 'Changes ccExpMonth, ccExpYear and ccNameOnCard of a card UPO of the user.',
    body: EditUpoCcRequest,
    response: SessionEnvelope,
    async handle(ctx, b) {
      await editCard(deps(), ctx, b.userTokenId, b.userPaymentOptionId, {
        expMonth: b.ccExpMonth,
        expYear: b.ccExpYear,
        holderName: b.ccNameOnCard,
      });
      return {};
    },
  });
  registerCatalogueMethod(app, {
    name: 'editUPOAPM',
    summary: "Edit a stored APM account's data",
    description: 'Replaces apmData of an APM UPO of the user.',
    body: EditUpoApmRequest,
    response: SessionEnvelope,
    async handle(ctx, b) {
      await editApm(deps(), ctx, b.userTokenId, b.userPaymentOptionId, b.apmData);
      return {};
    },
  });
  for (const [name, suspended] of [
    ['suspendUPO', true],
    ['enableUPO', false],
  ] as const) {
    registerCatalogueMethod(app, {
      name,
      summary: suspended ? 'Suspend a stored payment option' : 'Enable a suspended stored payment option',
      description: suspended
        ? 'A suspended UPO stays listed (upoStatus disabled) and cannot pay until enableUPO.'
        : 'The UPO can pay again (upoStatus enabled).',
      body: UpoStateRequest,
      response: SessionEnvelope,
      async handle(ctx, b) {
        await setUpoSuspended(deps(), ctx, b.userTokenId, b.userPaymentOptionId, suspended);
        return {};
      },
    });
  }
}
