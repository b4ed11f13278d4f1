/** (a) The ceiling: bare `node:http`, reads the request body and answers a fixed JSON body. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fail, serve } from './child.js';

const BODY = Buffer.from(
  JSON.stringify({ sessionId: '6a1f2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b', result: { status: 'success' } }),
);
const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(BODY.length) };

const server = createServer((req, res) => {
  // Consume the body as any real endpoint must (no parsing: this is the transport ceiling).
  req.on('data', () => {});
  req.on('end', () => {
    res.writeHead(200, HEADERS);
    res.end(BODY);
  });
});

server.on('error', fail);
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  void serve(
    { url: `http://127.0.0.1:${port}` },
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
});
