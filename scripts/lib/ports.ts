// "Is this port free?" before anything starts, so a clash is one clear message instead of an emulator's
// stack trace half a minute in.
import { createServer } from 'node:net';

export class PortInUseError extends Error {
  readonly port: number;
  readonly service: string;
  constructor(port: number, service: string) {
    super(
      `Port ${port} is already in use, so the ${service} cannot start. Is another \`npm start\` (or ` +
        `\`npm run dev\`) running? Stop it with Ctrl-C in its terminal, or find what holds the port with ` +
        `\`lsof -i :${port}\` (or \`ss -ltnp 'sport = :${port}'\`), or pick other ports (see docs/local-stack.md).`,
    );
    this.name = 'PortInUseError';
    this.port = port;
    this.service = service;
  }
}

/** True when nothing listens on 127.0.0.1:port (or on every interface at that port). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(false);
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Throws PortInUseError for the first taken port. */
export async function assertPortsFree(ports: ReadonlyArray<{ port: number; service: string }>): Promise<void> {
  for (const { port, service } of ports) {
    if (!(await isPortFree(port))) throw new PortInUseError(port, service);
  }
}
