// A loopback TCP relay in front of a server (the Firestore emulator) that a test can make hang: while hung it
// accepts and holds every byte in both directions, as a Firestore that stopped answering would, and passes them
// on, in order, once resumed. The test owns it, so pausing it stalls nothing else that uses the emulator.
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface HangingLink {
  /** "127.0.0.1:<port>", to give a client instead of the server's address. */
  host: string;
  /** Connections made through the relay so far (a client that bypassed it would leave this at 0). */
  readonly connections: number;
  hang(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startHangingLink(target: string): Promise<HangingLink> {
  const [targetHost, targetPort] = target.split(':');
  let hung = false;
  let connections = 0;
  const held: Array<{ to: Socket; chunk: Buffer }> = [];
  const sockets = new Set<Socket>();
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (hung) held.push({ to, chunk });
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const server: Server = createServer((client) => {
    connections++;
    const upstream = connect(Number(targetPort), targetHost);
    sockets.add(client).add(upstream);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    get connections() {
      return connections;
    },
    hang() {
      hung = true;
    },
    resume() {
      hung = false;
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
