import { ForbiddenMove } from './platform.errors.js';
import type { MoveDecision } from './transition.js';

/**
 * Who moves a platform resource's status, and the guard of a move (docs/platform.md): a move its
 * machine forbids, or one that lost a race with another move, is `ForbiddenMove` and changes nothing.
 */

/** Who moves a status: a platform through the sandbox API (its own resources only) or the operator's CLI (any). */
export type Mover = { platformId: string } | { operator: true };

export const platformOf = (m: Mover) => ('platformId' in m ? m.platformId : null);

export function decided<S extends string>(d: MoveDecision<S>, from: S): S {
  if (!d.ok) throw new ForbiddenMove(from, d.reason);
  return d.next;
}

export function lostRace(state: string): never {
  throw new ForbiddenMove(state, `The resource changed while moving it from ${state}; read it again`);
}
