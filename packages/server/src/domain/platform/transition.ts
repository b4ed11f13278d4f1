/**
 * A state machine as data: the moves allowed from each state. Pure; the three platform machines are
 * tables handed to `move`, and their tests walk every pair of states.
 */
export type TransitionTable<S extends string> = Readonly<Record<S, readonly S[]>>;

export type MoveDecision<S extends string> = { ok: true; next: S } | { ok: false; reason: string };

export function move<S extends string>(table: TransitionTable<S>, what: string, from: S, to: S): MoveDecision<S> {
  if (table[from].includes(to)) return { ok: true, next: to };
  const allowed = table[from];
  return {
    ok: false,
    reason: `Cannot move ${what} from ${from} to ${to}: ${allowed.length === 0 ? `${from} is final` : `from ${from} only to ${allowed.join(', ')}`}`,
  };
}
