/**
 * The evaluation sockets in upstream mode, against a fake gateway running socket.io on its
 * own path: the browser's connection is relayed per connection, both ways, with the gateway
 * credential added server-side.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp } from './test-support.ts';

const CREDENTIAL = `Basic ${Buffer.from('portal:s3creta').toString('base64')}`;

interface GatewaySeen {
  namespace: string;
  authorization: string | undefined;
  forwardedFor: string | undefined;
  events: { event: string; args: unknown[] }[];
  disconnected: boolean;
}

let gatewayHttp: HttpServer;
let gateway: Server;
const seen: GatewaySeen[] = [];
let srv: Awaited<ReturnType<typeof startTestApp>>;
let siteUrl = '';
const clients: Socket[] = [];

beforeAll(async () => {
  gatewayHttp = createServer();
  gateway = new Server(gatewayHttp, { path: '/pasarela/ws' });
  for (const ns of ['/credinstante', '/celulares']) {
    const nsp = gateway.of(ns);
    // The gateway refuses a socket without its credential, as it does HTTP calls.
    nsp.use((socket, next) =>
      socket.handshake.headers.authorization === CREDENTIAL ? next() : next(new Error('sin credencial')),
    );
    nsp.on('connection', (socket) => {
      const entry: GatewaySeen = {
        namespace: ns,
        authorization: socket.handshake.headers.authorization,
        forwardedFor: socket.handshake.headers['x-forwarded-for'] as string | undefined,
        events: [],
        disconnected: false,
      };
      seen.push(entry);
      socket.onAny((event: string, ...args: unknown[]) =>
        entry.events.push({ event, args: args.filter((a) => typeof a !== 'function') }),
      );
      socket.on('join', (room: string, ack?: (r: unknown) => void) => {
        void socket.join(room);
        ack?.({ unido: room });
        socket.emit('evaluacion', { resultado: 1, codigoProspecto: room, desde: ns });
      });
      socket.on('disconnect', () => {
        entry.disconnected = true;
      });
    });
  }
  await new Promise<void>((resolve) => gatewayHttp.listen(0, '127.0.0.1', resolve));
  const gatewayUrl = `http://127.0.0.1:${(gatewayHttp.address() as AddressInfo).port}/api`;
  srv = await startTestApp({
    UPSTREAM_URL: gatewayUrl,
    UPSTREAM_BASIC_AUTH: 'portal:s3creta',
    UPSTREAM_SOCKET_PATH: '/pasarela/ws',
    JWT_SECRET: 'k'.repeat(40),
  });
  await srv.app.listen({ port: 0, host: '127.0.0.1' });
  siteUrl = `http://127.0.0.1:${(srv.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await srv?.stop();
  await new Promise<void>((resolve) => {
    void gateway.close(() => resolve());
  });
});

function open(ns: string): Socket {
  const c = connect(`${siteUrl}${ns}`, { transports: ['websocket'], forceNew: true });
  clients.push(c);
  return c;
}

describe('sockets in upstream mode', () => {
  it.each(['/credinstante', '/celulares'])(
    'relays %s both ways, acknowledgements included, signing in to the gateway',
    async (ns) => {
      const before = seen.length;
      const client = open(ns);
      const results: unknown[] = [];
      client.on('evaluacion', (p: unknown) => results.push(p));
      // Sent at once: the relay holds it until the gateway's socket is open.
      const ack = await new Promise<unknown>((resolve) => client.emit('join', 'P-77', resolve));
      expect(ack).toEqual({ unido: 'P-77' });
      await vi.waitFor(() => expect(results).toEqual([{ resultado: 1, codigoProspecto: 'P-77', desde: ns }]));
      const entry = seen[before]!;
      expect(entry.namespace).toBe(ns);
      expect(entry.authorization).toBe(CREDENTIAL);
      // The gateway learns the applicant's address, as behind any proxy.
      expect(entry.forwardedFor).toMatch(/127\.0\.0\.1/);
      expect(entry.events).toEqual([{ event: 'join', args: ['P-77'] }]);
    },
  );

  it('an event the gateway emits later to the room reaches the browser live', async () => {
    const client = open('/credinstante');
    const results: unknown[] = [];
    client.on('evaluacion', (p: unknown) => results.push(p));
    await new Promise<unknown>((resolve) => client.emit('join', 'P-88', resolve));
    gateway.of('/credinstante').to('P-88').emit('evaluacion', { resultado: 3, codigoProspecto: 'P-88' });
    await vi.waitFor(() => expect(results).toContainEqual({ resultado: 3, codigoProspecto: 'P-88' }));
  });

  it("closing the browser's socket closes its gateway socket", async () => {
    const before = seen.length;
    const client = open('/celulares');
    await new Promise<unknown>((resolve) => client.emit('join', 'P-99', resolve));
    const entry = seen[before]!;
    expect(entry.disconnected).toBe(false);
    client.close();
    await vi.waitFor(() => expect(entry.disconnected).toBe(true));
  });
});
