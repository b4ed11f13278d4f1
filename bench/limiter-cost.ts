/**
 * The rate limiter's cost on `POST /orders` (at most 5% of throughput, docs/performance.md), measured as a
 * pair in the same round: Gatehouse with the limiter counting every request but refusing none, and
 * Gatehouse with `GATEHOUSE_RATE_LIMIT=0` and `GATEHOUSE_AUTH_FAILURE_LIMIT=0` (no hook at all). The
 * ratio on/off is taken within each round, as the ceiling ratios are, and judged on the median.
 * Kept apart from the runner (orders.bench.ts), which only lists these targets and calls `limiterCost`.
 */

/** The limiter may cost this share of throughput at most. */
export const LIMITER_MAX_COST = 0.05;

const BASE_ENV = { LOG_LEVEL: 'info', GATEHOUSE_SQLITE_SYNCHRONOUS: 'FULL' };

/** Two more targets, in the runner's target shape. */
export const LIMITER_TARGETS = [
  {
    id: 'limiter-on',
    label: '    limiter on (counts, never refuses)',
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    // a limit no run reaches: every request is counted and checked, none refused
    env: { ...BASE_ENV, GATEHOUSE_RATE_LIMIT: '100000000', GATEHOUSE_AUTH_FAILURE_LIMIT: '300' },
    expect: [201],
  },
  {
    id: 'limiter-off',
    label: '    limiter off (GATEHOUSE_RATE_LIMIT=0)',
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    env: { ...BASE_ENV, GATEHOUSE_RATE_LIMIT: '0', GATEHOUSE_AUTH_FAILURE_LIMIT: '0' },
    expect: [201],
  },
];

export const LIMITER_TARGET_IDS = LIMITER_TARGETS.map((t) => t.id);

interface Measured {
  id: string;
  result?: { rps: number; cpu?: { serverUsPerRequest: number } | undefined } | undefined;
}

export interface LimiterCost {
  /** median over the rounds of (req/s with the limiter) / (req/s without) */
  ratio: number;
  /** 1 - ratio */
  cost: number;
  maxCost: number;
  meets: boolean;
  rounds: number[];
  /** median of (server CPU per request with the limiter) / (without): steadier than req/s on a busy machine */
  cpuPerRequestRatio?: number | undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The paired figure from every round that measured both targets, with its line for the report; undefined when none did. */
export function limiterCost(rounds: Measured[][]): { cost: LimiterCost; line: string } | undefined {
  const pairs = rounds.flatMap((r) => {
    const on = r.find((x) => x.id === 'limiter-on')?.result;
    const off = r.find((x) => x.id === 'limiter-off')?.result;
    return on && off && off.rps > 0 ? [{ on, off }] : [];
  });
  if (pairs.length === 0) return undefined;
  const ratios = pairs.map((p) => p.on.rps / p.off.rps);
  const cpuRatios = pairs.flatMap((p) =>
    p.on.cpu && p.off.cpu ? [p.on.cpu.serverUsPerRequest / p.off.cpu.serverUsPerRequest] : [],
  );
  const ratio = median(ratios);
  const cpuPerRequestRatio = cpuRatios.length > 0 ? median(cpuRatios) : undefined;
  const cost = {
    ratio,
    cost: 1 - ratio,
    maxCost: LIMITER_MAX_COST,
    meets: 1 - ratio <= LIMITER_MAX_COST,
    rounds: ratios,
    cpuPerRequestRatio,
  };
  const line =
    `Rate limiter: req/s on / off = ${ratio.toFixed(3)}${ratios.length > 1 ? ` (median of ${ratios.length} rounds: ${ratios.map((x) => x.toFixed(3)).join(', ')})` : ''}` +
    `, a cost of ${(cost.cost * 100).toFixed(1)}% (target <= ${LIMITER_MAX_COST * 100}%: ${cost.meets ? 'met' : 'MISSED'})` +
    (cpuPerRequestRatio === undefined ? '' : `; server CPU per request on / off = ${cpuPerRequestRatio.toFixed(3)}`);
  return { cost, line };
}
