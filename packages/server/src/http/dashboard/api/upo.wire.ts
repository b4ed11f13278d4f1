import type { ShownUpo } from '../../../domain/dashboard/upos.service.js';
import type { UpoWire } from '../../../schemas/dashboard/upos.schema.js';

/** An APM account's value as the panel shows it: its last four characters only. */
const maskValue = (v: string) => (v.length <= 4 ? '••••' : `••••${v.slice(-4)}`);

export function upoToWire({ upo: u, suspended }: ShownUpo): UpoWire {
  const masked =
    u.cardVaultId === null && u.apmData !== null
      ? Object.entries(u.apmData)
          .map(([k, v]) => `${k} ${maskValue(String(v))}`)
          .join(', ')
      : (u.maskedNumber ?? '');
  return {
    id: u.id,
    merchantSiteId: u.siteId,
    userTokenId: u.userTokenId,
    paymentMethod: u.paymentMethod,
    masked,
    brand: u.brand,
    last4: u.last4,
    expiry: u.expMonth === null || u.expYear === null ? null : `${String(u.expMonth).padStart(2, '0')}/${u.expYear}`,
    holderName: u.holderName,
    status: suspended ? 'suspended' : 'enabled',
    createdAt: new Date(u.createdAt).toISOString(),
  };
}
