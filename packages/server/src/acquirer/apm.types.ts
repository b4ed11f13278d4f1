// The shapes of the simulated APM catalogue (apm-catalogue.ts): the wire's payment method descriptor
// plus the simulation's own fields.

export interface LocalizedText {
  /** ISO 639-1, two letters */
  language: string;
  message: string;
}

export interface ApmListValue {
  code: string;
  caption: LocalizedText[];
  mandatoryFields?: string[];
}

export interface ApmField {
  name: string;
  regex: string;
  type: string;
  validationMessage: LocalizedText[];
  caption: LocalizedText[];
  listValues?: ApmListValue[];
  /** internal: the field may be left empty */
  optional?: boolean;
  /** internal: an account number, stored and shown masked but for its last 4 characters */
  masked?: boolean;
  /** internal: a US ABA routing number, checked by its check digit */
  aba?: boolean;
}

/** docs/apm-payments.md `paymentMethods[]` item. */
export interface PaymentMethodDescriptor {
  paymentMethod: string;
  paymentMethodDisplayName: LocalizedText[];
  /** `"true"` / `"false"` (string, 5) */
  isDirect: 'true' | 'false';
  countries: string[];
  currencies: string[];
  logoURL: string;
  fields: Omit<ApmField, 'optional' | 'masked' | 'aba'>[];
}

export type ApmFlow = 'redirect' | 'direct' | 'async';
export type ApmListType = 'DEPOSIT' | 'WITHDRAWAL';

export interface SimulatedApm extends Omit<PaymentMethodDescriptor, 'fields'> {
  /** the descriptor's fields, each marked when optional */
  fields: ApmField[];
  /** how a payment with this method proceeds */
  flow: ApmFlow;
  depositCapable: boolean;
  payoutCapable: boolean;
  /** colour of the generated logo */
  logoColor: string;
  /**
   * internal: the billing countries a payment may come from, when wider than `countries` (where the
   * method is listed): a US bank account's holder may live anywhere (docs/decisions/0372)
   */
  payerCountries?: string[];
}
