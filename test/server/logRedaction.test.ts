// @vitest-environment node
// The delivery address is personal data: whatever object a log line carries, its address is redacted.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { withRedaction } from '../../server/app';
import { buildTestServer } from './support';

const address = {
  recipient: 'Bia Lima',
  cep: '01310100',
  street: 'Avenida Paulista',
  number: '1578',
  complement: 'apto 12',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  uf: 'SP',
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function loggingApp(logger: object = { level: 'info' }) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await buildTestServer({ logger: { ...logger, stream } });
  return lines;
}

describe('log redaction', () => {
  it('redacts an address, alone or inside a delivery, a session or Stripe shipping details; ids and amounts stay', async () => {
    const lines = await loggingApp();
    app!.log.info({ sessionId: 'cs_sim_1', address }, 'one');
    app!.log.info({ sessionId: 'cs_sim_2', delivery: { service: 'expressa', amount: 2890, address } }, 'two');
    app!.log.info({ session: { id: 'cs_sim_3', delivery: { amount: 2890, address } } }, 'three');
    app!.log.info(
      { event: { shipping_details: { name: 'Bia Lima', address: { line1: 'Avenida Paulista, 1578' } } } },
      'four',
    );
    app!.log.info({ recipient: 'Bia Lima' }, 'five');
    const logged = lines.join('');
    expect(lines).toHaveLength(5);
    for (const secret of ['Bia Lima', 'Avenida Paulista', '1578', 'apto 12', 'Bela Vista'])
      expect(logged).not.toContain(secret);
    expect(logged.match(/\[Redacted\]/g)!.length).toBeGreaterThanOrEqual(5);
    expect(logged).toContain('cs_sim_1');
    expect(logged).toContain('"amount":2890');
    expect(logged).toContain('"service":"expressa"');
  });

  it("keeps a caller's own redaction and level, adding ours", async () => {
    const lines = await loggingApp({ level: 'warn', redact: ['secret'] });
    app!.log.info({ address }, 'not at warn');
    app!.log.warn({ secret: 'x', address }, 'warned');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('Avenida Paulista');
    expect(JSON.parse(lines[0]!)).toMatchObject({ secret: '[Redacted]', address: '[Redacted]' });
    expect(withRedaction(false)).toBe(false);
  });
});
