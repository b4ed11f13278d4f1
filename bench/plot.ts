/**
 * Draws `POST /orders` throughput against the number of stored orders from a bench result:
 *   node --import tsx bench/plot.ts [bench/results/figures.json] [docs/images/bench-stored-orders.svg]
 * One point per target measured on a store of known size: `gatehouse` (an empty store) and each
 * `gatehouse-preload-N` (`npm run bench -- --preload N,...`); req/s on the left axis, the ratio to
 * the node:http ceiling of the same run on the right. A plain SVG, no dependency.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

interface Target {
  id: string;
  result?: { rps: number; latencyMs: { p99: number }; cpu?: { serverUsPerRequest: number } };
  server?: { preloaded?: number; ordersStored?: number };
}
interface Report {
  startedAt: string;
  machine: { cpus: number; model?: string };
  options: { duration: number; connections: number; rounds: number };
  targets: Target[];
}

export interface Point {
  stored: number;
  rps: number;
  p99: number;
  /** the server's CPU time per order (µs): steadier than req/s on a shared machine */
  usPerOrder?: number;
}

/** The points of a report: stored orders before the measurement, and its req/s. */
export function pointsOf(report: Report): Point[] {
  const points: Point[] = [];
  for (const t of report.targets) {
    if (!t.result) continue;
    const m = /^gatehouse-preload-(\d+)$/.exec(t.id);
    if (t.id !== 'gatehouse' && !m) continue;
    const cpu = t.result.cpu?.serverUsPerRequest;
    points.push({
      stored: m ? Number(m[1]) : 0,
      rps: t.result.rps,
      p99: t.result.latencyMs.p99,
      ...(cpu ? { usPerOrder: cpu } : {}),
    });
  }
  return points.sort((a, b) => a.stored - b.stored);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const fmt = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));

export function svg(report: Report): string {
  const points = pointsOf(report);
  if (points.length === 0) throw new Error('no POST /orders target in this result (gatehouse, gatehouse-preload-N)');
  const ceiling = report.targets.find((t) => t.id === 'node-http')?.result?.rps;
  const W = 640;
  const H = 360;
  const pad = { l: 64, r: 64, t: 48, b: 56 };
  const maxX = Math.max(1, ...points.map((p) => p.stored));
  const maxY = Math.max(...points.map((p) => p.rps)) * 1.2;
  // x: stored orders on a linear scale; the empty store sits at 0.
  const r1 = (v: number) => Math.round(v * 10) / 10;
  const x = (v: number) => r1(pad.l + ((W - pad.l - pad.r) * v) / maxX);
  const y = (v: number) => r1(H - pad.b - ((H - pad.t - pad.b) * v) / maxY);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
  );
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  out.push(
    `<text x="${W / 2}" y="20" text-anchor="middle" font-size="14">POST /orders throughput against stored orders (SQLite, durable commits)</text>`,
  );
  out.push(
    `<text x="${W / 2}" y="36" text-anchor="middle" fill="#555">${esc(`${report.startedAt.slice(0, 16)}Z, ${report.machine.cpus} cores shared, ${report.options.connections} connections, ${report.options.duration} s per point`)}</text>`,
  );
  // axes and grid
  for (let i = 0; i <= 4; i++) {
    const v = (maxY * i) / 4;
    out.push(`<line x1="${pad.l}" x2="${W - pad.r}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`);
    out.push(`<text x="${pad.l - 6}" y="${y(v) + 4}" text-anchor="end">${Math.round(v)}</text>`);
    if (ceiling) out.push(`<text x="${W - pad.r + 6}" y="${y(v) + 4}">${(v / ceiling).toFixed(2)}x</text>`);
  }
  out.push(`<line x1="${pad.l}" x2="${W - pad.r}" y1="${y(0)}" y2="${y(0)}" stroke="#333"/>`);
  out.push(`<line x1="${pad.l}" x2="${pad.l}" y1="${pad.t}" y2="${y(0)}" stroke="#333"/>`);
  out.push(`<text transform="translate(16 ${H / 2}) rotate(-90)" text-anchor="middle">req/s</text>`);
  if (ceiling)
    out.push(
      `<text transform="translate(${W - 12} ${H / 2}) rotate(90)" text-anchor="middle">x node:http ceiling (${Math.round(ceiling)} req/s)</text>`,
    );
  out.push(
    `<text x="${(pad.l + W - pad.r) / 2}" y="${H - 16}" text-anchor="middle">orders stored before the run</text>`,
  );
  // the 0.9x band of the empty store (ADR 0812)
  const empty = points.find((p) => p.stored === 0);
  if (empty) {
    out.push(
      `<line x1="${pad.l}" x2="${W - pad.r}" y1="${y(0.9 * empty.rps)}" y2="${y(0.9 * empty.rps)}" stroke="#c60" stroke-dasharray="4 4"/>`,
    );
    out.push(
      `<text x="${W - pad.r - 4}" y="${y(0.9 * empty.rps) - 4}" text-anchor="end" fill="#c60">0.9x of the empty store</text>`,
    );
  }
  out.push(
    `<polyline fill="none" stroke="#1f5fbf" stroke-width="2" points="${points.map((p) => `${x(p.stored)},${y(p.rps)}`).join(' ')}"/>`,
  );
  for (const p of points) {
    out.push(`<circle cx="${x(p.stored)}" cy="${y(p.rps)}" r="4" fill="#1f5fbf"/>`);
    const anchor = p.stored === maxX ? 'end' : p.stored === 0 ? 'start' : 'middle';
    out.push(
      `<text x="${x(p.stored)}" y="${y(p.rps) - 24}" text-anchor="${anchor}">${Math.round(p.rps)} req/s, p99 ${p.p99.toFixed(0)} ms</text>`,
    );
    if (p.usPerOrder) {
      out.push(
        `<text x="${x(p.stored)}" y="${y(p.rps) - 10}" text-anchor="${anchor}" fill="#555">${Math.round(p.usPerOrder)} µs CPU/order</text>`,
      );
    }
    out.push(`<text x="${x(p.stored)}" y="${y(0) + 16}" text-anchor="middle">${fmt(p.stored)}</text>`);
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log('Usage: node --import tsx bench/plot.ts [result.json] [out.svg]');
    return;
  }
  const input = process.argv[2] ?? join(ROOT, 'bench', 'results', 'figures.json');
  const output = process.argv[3] ?? join(ROOT, 'docs', 'images', 'bench-stored-orders.svg');
  const report = JSON.parse(await readFile(input, 'utf8')) as Report;
  await writeFile(output, svg(report));
  console.log(
    `${relative(process.cwd(), output)}: ${pointsOf(report).length} points from ${relative(process.cwd(), input)}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
