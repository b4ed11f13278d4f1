/** A user of a site: a userTokenId with the details createUser/updateUser last set. */
export interface User {
  /** numeric string, the `userId` of the answers */
  id: string;
  merchantId: string;
  siteId: string;
  userTokenId: string;
  details: UserDetails;
  createdAt: number;
  updatedAt: number;
}

/** The details of createUser/updateUser, as sent (only the members the schema knows). */
export type UserDetails = Partial<Record<(typeof USER_DETAIL_FIELDS)[number], string>>;

export const USER_DETAIL_FIELDS = [
  'firstName',
  'lastName',
  'address',
  'state',
  'city',
  'zip',
  'countryCode',
  'phone',
  'locale',
  'email',
  'county',
  'dateOfBirth',
] as const;

export interface UserRepo {
  /** undefined when the site has this userTokenId already */
  insert(user: Omit<User, 'id'>): Promise<User | undefined>;
  find(siteId: string, userTokenId: string): Promise<User | undefined>;
  update(id: string, details: UserDetails, at: number): Promise<void>;
}

/** Management of stored payment options beyond the payment path (suspend, enable, edit). */
export interface UpoAdminRepo {
  /** when the UPO was suspended, or null */
  suspendedAt(id: string): Promise<number | null>;
  /** ids of the suspended UPOs among `ids` */
  suspended(ids: readonly string[]): Promise<Set<string>>;
  setSuspended(id: string, at: number | null): Promise<void>;
  editCard(id: string, fields: { expMonth: number; expYear: number; holderName: string }): Promise<void>;
  editApm(id: string, apmData: Record<string, string>): Promise<void>;
}
