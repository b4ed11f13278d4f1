import type { MerchantCredentials } from '@gatehouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../domain/merchants/merchant.service.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, type HttpResult, startGateway } from '../../../test/harness.js';
import {
  type Body,
  type Fx,
  type Json,
  methodFixtures,
  pathOf,
  ROWS,
  type Row,
  type Signing,
  signedBody,
} from '../../../test/session-method-table.js';

/**
 * The per-method matrix (docs/session-methods.md): for EVERY session method the server registers (`/ppp/api/**`),
 * through the real server and on every store —
 * - a bad checksum is 1001 (a method without a checksum: a dead sessionToken is 1069),
 * - a missing required field is refused with its errCode and a reason naming the field,
 * - the other merchant's ids are refused (its site with our merchant id: 1022; for a sessionToken
 *   call, its merchant id with our token: 1013), and so is the other merchant acting on our resources,
 * - nothing stored changes on any of those refusals,
 * - and then the very same body is the happy path (SUCCESS).
 * The table (`test/session-method-table.ts`, shared with docs/session-methods.md) must cover every
 * registered route, so a new method cannot be forgotten.
 */

/** Methods another helper adds on its own branch; the merger empties this list once both are in. */
const ADDED_ON_OTHER_BRANCH: string[] = [];

/** What a refused call must not change: every table of business state, in full. */
const STATE_TABLES = [
  'orders',
  'transactions',
  'card_vault',
  'card_tokens',
  'user_payment_options',
  'users',
  'plans',
  'subscriptions',
  'withdrawal_requests',
  'withdrawal_orders',
  'net_deposit_movements',
  'kyc_records',
  'bank_accounts',
  'idempotency_records',
  'client_request_ids',
  'outbox',
] as const;

describe.each(dialects())(
  'every session method on %s: happy, 1001, missing field, other merchant',
  (dialect: DialectName) => {
    let gw: Gateway;
    let ours: MerchantCredentials;
    let theirs: MerchantCredentials;

    /** a request body signed as `signing` says, with `creds` */
    const signed = (signing: Signing, fields: Body, creds: MerchantCredentials): Body =>
      signedBody(gw, signing, fields, creds);
    const send = (r: Pick<Row, 'method' | 'folder'>, body: unknown): Promise<HttpResult> =>
      gw.request('POST', pathOf(r), { body });
    const ok = (res: HttpResult, what: string): Json => {
      expect(res.json, `${what}: ${res.text}`).toMatchObject({ status: 'SUCCESS', errCode: 0 });
      return res.json;
    };
    const snapshot = async () => {
      const out: Record<string, unknown> = {};
      for (const t of STATE_TABLES) out[t] = await gw.rt.store.db.selectFrom(t).selectAll().execute();
      return JSON.stringify(out, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    };

    let fx: Fx;

    beforeAll(async () => {
      gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 10, 25, 10, 0, 0) });
      ours = {
        merchantId: gw.demo.merchantId,
        merchantSiteId: gw.demo.merchantSiteId,
        merchantSecretKey: gw.demo.merchantSecretKey,
      };
      const m = await createMerchant(gw.rt.deps, { name: 'Other merchant' });
      theirs = {
        merchantId: m.merchant.id,
        merchantSiteId: m.site.id,
        merchantSecretKey: m.merchantSecretKey.expose(),
      };
      fx = methodFixtures(gw, ours);
    });
    afterAll(async () => {
      await gw.close();
    });

    it('the table covers every registered /ppp/api/** method (and only those)', () => {
      const doc = gw.app.swagger() as { paths: Record<string, unknown> };
      const served = Object.keys(doc.paths).filter((p) => p.startsWith('/ppp/api/'));
      const listed = ROWS.map(pathOf);
      const pending = new Set(ADDED_ON_OTHER_BRANCH.map((m) => `/ppp/api/v1/${m}.do`));
      expect(
        served.filter((p) => !listed.includes(p) && !pending.has(p)),
        'registered but not in the matrix',
      ).toEqual([]);
      expect(
        listed.filter((p) => !served.includes(p)),
        'in the matrix but not registered',
      ).toEqual([]);
      expect(new Set(listed).size).toBe(listed.length);
    });

    it.each(ROWS.map((r) => [r.method, r] as const))('%s', async (_name, row) => {
      const fields = await row.body(fx);
      const before = await snapshot();

      // a bad checksum (or, without a checksum, a dead sessionToken)
      if (row.signing === 'none') {
        const dead = await send(row, { ...fields, sessionToken: '00000000-0000-4000-8000-000000000000' });
        expect(dead.json, dead.text).toMatchObject({ status: 'ERROR', errCode: 1069 });
      } else {
        const bad = await send(row, { ...signed(row.signing, fields, ours), checksum: 'ab'.repeat(32) });
        expect(bad.json, bad.text).toMatchObject({ status: 'ERROR', errCode: 1001, reason: 'Invalid checksum' });
      }

      // a required field missing: its errCode and a reason naming it
      const missing =
        row.drop === 'merchantSiteId' || row.drop === 'timeStamp'
          ? signed(row.signing, fields, ours)
          : signed(row.signing, Object.fromEntries(Object.entries(fields).filter(([k]) => k !== row.drop)), ours);
      if (row.drop === 'merchantSiteId' || row.drop === 'timeStamp') delete missing[row.drop];
      const m = await send(row, missing);
      expect(m.json, m.text).toMatchObject({ status: 'ERROR', errCode: row.dropCode ?? 1019 });
      if (row.drop !== 'merchantSiteId' && row.drop !== 'timeStamp') expect(m.json.reason).toContain(`[${row.drop}]`);

      // the other merchant's ids
      if (row.signing === 'none') {
        const r = await send(row, { ...fields, merchantId: theirs.merchantId });
        expect(r.json, r.text).toMatchObject({ status: 'ERROR', errCode: 1013 });
      } else {
        const r = await send(row, signed(row.signing, fields, { ...ours, merchantSiteId: theirs.merchantSiteId }));
        expect(r.json, r.text).toMatchObject({ status: 'ERROR', errCode: 1022 });
      }
      // the other merchant acting on our resources
      if (row.foreign !== 'scoped') {
        const r = await send(
          row,
          row.signing === 'none'
            ? { ...fields, merchantId: theirs.merchantId, merchantSiteId: theirs.merchantSiteId }
            : signed(row.signing, fields, theirs),
        );
        if (typeof row.foreign === 'function') row.foreign(r.json, expect);
        else expect(r.json, r.text).toMatchObject({ status: 'ERROR' });
      }
      expect(await snapshot(), 'a refused call changed stored state').toBe(before);

      // the same body is the happy path
      ok(await send(row, signed(row.signing, fields, ours)), row.method);
    });
  },
);
