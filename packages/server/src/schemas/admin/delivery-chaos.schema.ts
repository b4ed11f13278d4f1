import { type Static, Type } from 'typebox';

/** A site's delivery chaos settings (sandbox, docs/decisions/0922). */

const Rate = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });
const Ms = (description: string) => Type.Integer({ minimum: 0, maximum: 120_000, description });

const fields = {
  drop: Rate('share of attempts not sent (recorded as failed, retried on schedule)'),
  delay: Rate('share of attempts held `delayMs` after signing, before they are sent'),
  delayMs: Ms('how long a delayed attempt is held (real time), default 2000'),
  duplicate: Rate('share of attempts sent twice (same `webhook-id`, body and signature)'),
  reorder: Rate('share of first attempts held back `reorderMs`, so later notifications overtake them'),
  reorderMs: Ms('how long a held-back notification waits (gateway clock), default 5000'),
};

export const DeliveryChaosWire = Type.Object(fields, { title: 'DeliveryChaos' });
export type DeliveryChaosWire = Static<typeof DeliveryChaosWire>;

export const DeliveryChaosRequest = Type.Partial(Type.Object(fields), {
  additionalProperties: false,
  title: 'DeliveryChaosRequest',
  description: 'the settings in force after the call: modes left out are off',
});
export type DeliveryChaosRequest = Static<typeof DeliveryChaosRequest>;
