import { Invalid } from '../errors.js';

/** An Invalid field with the session errCode the real gateway gives it (the session mapping reads `errCode`). */
export class InvalidWithCode extends Invalid {
  constructor(
    field: string,
    rule: string,
    readonly errCode: number,
  ) {
    super(field, rule);
  }
}

/** 1010 Invalid user token: the userTokenId is no user of the caller's site. */
export const unknownUser = () => new InvalidWithCode('userTokenId', 'is not a user of this site', 1010);
/** 1011 Invalid user payment option. */
export const unknownUpo = (field = 'userPaymentOptionId') =>
  new InvalidWithCode(field, 'is not a payment option of this user', 1011);
