/**
 * The control panel's roles and what each may do (docs/dashboard.md, docs/decisions/1000): one table,
 * read by the server for every action and sent to the page so it hides what it may not do.
 */
export const ROLES = ['admin', 'developer', 'temp', 'finance', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'transactions.read',
  'transactions.settle',
  'transactions.refund',
  'transactions.void',
  'keys.read',
  'keys.manage',
  'users.manage',
  'audit.read',
  'notifications.read',
  'notifications.resend',
  'withdrawals.read',
  'withdrawals.manage',
  'apm.complete',
  'upos.read',
  'upos.manage',
  'sites.read',
  'sites.manage',
  'platform.read',
  'platform.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Role[] = ROLES;
const MONEY: readonly Role[] = ['admin', 'finance'];
const KEYS: readonly Role[] = ['admin', 'developer', 'temp'];
const ADMIN: readonly Role[] = ['admin'];
const BUILDERS: readonly Role[] = ['admin', 'developer'];

/** permission → the roles holding it */
export const ROLE_MATRIX: Readonly<Record<Permission, readonly Role[]>> = {
  'transactions.read': ALL,
  'transactions.settle': MONEY,
  'transactions.refund': MONEY,
  'transactions.void': MONEY,
  'keys.read': KEYS,
  'keys.manage': KEYS,
  'users.manage': ADMIN,
  'audit.read': ADMIN,
  'notifications.read': ALL,
  'notifications.resend': KEYS,
  'withdrawals.read': ALL,
  'withdrawals.manage': MONEY,
  'apm.complete': MONEY,
  'upos.read': ALL,
  'upos.manage': BUILDERS,
  'sites.read': ALL,
  'sites.manage': BUILDERS,
  'platform.read': ALL,
  'platform.manage': ADMIN,
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function can(role: Role, permission: Permission): boolean {
  return ROLE_MATRIX[permission].includes(role);
}

/** Every permission of `role`, in the table's order. */
export function permissionsOf(role: Role): Permission[] {
  return PERMISSIONS.filter((p) => can(role, p));
}
