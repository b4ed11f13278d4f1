/** Storage ports of the payment methods: ccTempTokens and UPOs (the card vault rows are PaymentRepo's). */

/** A ccTempToken as stored: the vaulted card (sealed number), never a CVV. */
export interface CardToken {
  token: string;
  sessionToken: string;
  siteId: string;
  cardVaultId: number;
  holderName: string;
  expMonth: number;
  expYear: number;
  createdAt: number;
  usedAt: number | null;
}

/** ccTempTokens (migration 0005); implemented in store/card-tokens.repo.ts. */
export interface CardTokenRepo {
  insert(token: Omit<CardToken, 'usedAt'>): Promise<void>;
  /** the token with its vaulted, sealed card number */
  find(token: string): Promise<(CardToken & { numberSealed: string }) | undefined>;
  /** marks the token used when it was not yet; false when it already was */
  consume(token: string, at: number): Promise<boolean>;
}

/** A stored payment option (ADR 0323): masked card fields and a vault reference, or an APM. */
export interface Upo {
  /** numeric string */
  id: string;
  merchantId: string;
  siteId: string;
  userTokenId: string;
  paymentMethod: string;
  cardVaultId: number | null;
  apmData: Record<string, string> | null;
  maskedNumber: string | null;
  bin: string | null;
  last4: string | null;
  brand: string | null;
  cardType: string | null;
  expMonth: number | null;
  expYear: number | null;
  holderName: string | null;
  createdAt: number;
  deletedAt: number | null;
}

/** UPOs (migration 0005); implemented in store/upos.repo.ts. */
export interface UpoRepo {
  insert(upo: Omit<Upo, 'id' | 'deletedAt'>): Promise<Upo>;
  find(id: string): Promise<Upo | undefined>;
  /** the live card UPO of this user with this vaulted card, if any */
  findCard(siteId: string, userTokenId: string, cardVaultId: number): Promise<Upo | undefined>;
  /** live UPOs of a user of a site, oldest first */
  list(siteId: string, userTokenId: string): Promise<Upo[]>;
  /** false when it was already deleted */
  markDeleted(id: string, at: number): Promise<boolean>;
  /** the sealed number of a vaulted card */
  sealedNumber(cardVaultId: number): Promise<string | undefined>;
}
