import type { Server, Socket } from 'node:net';

/**
 * A bound on the TCP connections one client address holds open at once (docs/decisions/0823): a client
 * that opens thousands of idle connections would otherwise hold the server's sockets and file
 * descriptors until nobody else can connect. A connection over the bound is closed at once, before
 * any byte is read. `0` turns the bound off. The address is the TCP peer: behind a load balancer every
 * connection comes from it, so there the bound is raised or turned off.
 */
export function limitConnectionsPerClient(
  server: Pick<Server, 'on'>,
  max: number,
  /** told of the first refusal of an address, again once it has gone under the bound */
  onRefused: (address: string, open: number) => void = () => {},
): { open(address: string): number } {
  const open = new Map<string, number>();
  // reported once per address while it stays at the bound: a flood of connections is not a flood of log lines
  const reported = new Set<string>();
  if (max > 0) {
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? '?';
      const n = open.get(address) ?? 0;
      if (n >= max) {
        if (!reported.has(address)) onRefused(address, n);
        reported.add(address);
        socket.destroy();
        return;
      }
      open.set(address, n + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
        if (left < max) reported.delete(address);
      });
    });
  }
  return { open: (address) => open.get(address) ?? 0 };
}
