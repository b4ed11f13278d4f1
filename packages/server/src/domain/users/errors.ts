import { Invalid } from '../errors.js';

/** 1010 Invalid user token: the userTokenId is no user of the caller's site. */
export const unknownUser = () => new Invalid('userTokenId', 'is not a user of this site', 'user_token');
/** 1011 Invalid user payment option. */
export const unknownUpo = (field = 'userPaymentOptionId') =>
  new Invalid(field, 'is not a payment option of this user', 'stored_option');
