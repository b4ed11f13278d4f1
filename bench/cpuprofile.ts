/**
 * A small reader of V8 `.cpuprofile` files (from `node --cpu-prof`): where the samples fell, by
 * function (self time) and by package (self and inclusive), to see what a request costs.
 */
import { readFile } from 'node:fs/promises';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface Share {
  name: string;
  ms: number;
  /** of all samples (idle included) */
  pct: number;
  /** of the busy samples (idle excluded) */
  busyPct: number;
}

export interface ProfileSummary {
  totalMs: number;
  busyMs: number;
  selfByPackage: Share[];
  inclusiveByPackage: Share[];
  selfByFunction: Share[];
}

/** Which part of the process a frame belongs to: a package, Gatehouse's own file, node core, V8. */
export function packageOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName.startsWith('(')) return functionName; // (idle) (garbage collector) (program) (root)
    return `native ${functionName || '(anonymous)'}`;
  }
  const nm = url.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const server = url.indexOf('/packages/server/');
  if (server !== -1) return `gatehouse ${url.slice(server + '/packages/server/'.length).replace(/^(dist|src)\//, '')}`;
  if (url.startsWith('node:')) {
    const m = /^node:(?:internal\/)?([^/]+)/.exec(url);
    return `node:${m?.[1] ?? url}`;
  }
  return url.replace(/^file:\/\//, '');
}

export async function summarizeProfile(file: string, top = 25): Promise<ProfileSummary> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  // Sample i lasted until the next one: attribute timeDeltas[i + 1] to it (µs).
  const selfFn = new Map<string, number>();
  const selfPkg = new Map<string, number>();
  const inclPkg = new Map<string, number>();
  let total = 0;
  let idle = 0;
  const n = profile.samples.length;
  for (let i = 0; i < n; i++) {
    const dt = i + 1 < n ? profile.timeDeltas[i + 1]! : 0;
    if (dt <= 0) continue;
    total += dt;
    const leaf = byId.get(profile.samples[i]!)!;
    const fn = leaf.callFrame;
    if (fn.functionName === '(idle)') idle += dt;
    const fnKey = `${fn.functionName || '(anonymous)'}  ${shortUrl(fn.url)}${fn.url ? `:${fn.lineNumber + 1}` : ''}`;
    selfFn.set(fnKey, (selfFn.get(fnKey) ?? 0) + dt);
    const pkg = packageOf(fn);
    selfPkg.set(pkg, (selfPkg.get(pkg) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const p = packageOf(byId.get(id)!.callFrame);
      if (p === '(root)') continue;
      seen.add(p);
    }
    for (const p of seen) inclPkg.set(p, (inclPkg.get(p) ?? 0) + dt);
  }
  const busy = total - idle;
  const shares = (m: Map<string, number>, limit: number): Share[] =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, us]) => ({
        name,
        ms: us / 1000,
        pct: (100 * us) / total,
        busyPct: name === '(idle)' ? 0 : (100 * us) / busy,
      }));
  return {
    totalMs: total / 1000,
    busyMs: busy / 1000,
    selfByPackage: shares(selfPkg, top),
    inclusiveByPackage: shares(inclPkg, top),
    selfByFunction: shares(selfFn, top),
  };
}

function shortUrl(url: string): string {
  if (!url) return '';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm !== -1) return url.slice(nm + '/node_modules/'.length);
  const server = url.indexOf('/packages/server/');
  if (server !== -1) return url.slice(server + '/packages/'.length);
  return url.replace(/^file:\/\//, '');
}

export function formatSummary(s: ProfileSummary, requests: number): string {
  const perReq = (ms: number) => (requests > 0 ? `${((ms * 1000) / requests).toFixed(1).padStart(6)} us/req` : '');
  const rows = (title: string, list: Share[], limit: number) => [
    `  ${title}`,
    ...list
      .filter((x) => x.name !== '(idle)' && !x.name.startsWith('(idle)'))
      .slice(0, limit)
      .map(
        (x) => `    ${x.busyPct.toFixed(1).padStart(5)}%  ${x.ms.toFixed(0).padStart(6)} ms ${perReq(x.ms)}  ${x.name}`,
      ),
  ];
  return [
    `  ${s.totalMs.toFixed(0)} ms sampled, ${s.busyMs.toFixed(0)} ms busy (${((100 * s.busyMs) / s.totalMs).toFixed(0)}%)` +
      `${requests > 0 ? `, ${perReq(s.busyMs).trim()} over ${requests} responses` : ''}; % are of busy time`,
    ...rows('self time by package / file:', s.selfByPackage, 18),
    ...rows(
      'inclusive time by package / file (a sample counts once per package on its stack):',
      s.inclusiveByPackage,
      22,
    ),
    ...rows('self time by function:', s.selfByFunction, 30),
  ].join('\n');
}
