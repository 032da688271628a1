// @vitest-environment node
import { createHash } from 'node:crypto';
import { getPixPayloadInfo, isValidBoleto, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { escapeHtml } from '../../src/domain/escapeHtml';
import { PIX_SCRIPT } from '../../server/payments/payPageMarkup';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { aCategory, aProduct } from '../support/builders';
import { buildTestServer, emulatorIdToken, formBody, openPayPage, RIO_DELIVERY } from './support';

const STOREFRONT = 'http://localhost:4321';
const vestido = aProduct().withId('vestido').withName('Vestido').withPrice(89.9).build();
const gorro = aProduct().withId('gorro').withName('Gorro').withPrice(1234.5).build();
const token = emulatorIdToken({ uid: 'bia', email: 'bia@example.com' });
const VALID_CPF = '529.982.247-25';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function withSession(now = { value: 1_800_000_000_000 }) {
  const store = createMemoryStore();
  app = await buildTestServer({
    storefrontUrl: STOREFRONT,
    catalog: memoryCatalog([aCategory().withId('female').withProducts([vestido, gorro]).build()]),
    store,
    rateLimit: false,
    sessionTtlMs: 30 * 60_000,
    now: () => now.value,
    asyncMethods: { pixExpiresAfterSeconds: 600, boletoExpiresAfterDays: 3 },
  });
  const { path, sessionId, press, view } = await openPayPage(app, token, {
    products: [
      { id: 'vestido', quantity: 2 },
      { id: 'gorro', quantity: 1 },
    ],
  });
  // Expressa to Rio: zone SE, 3 × 450 g + 200 g of packaging = 1,550 g → R$ 29,90 + 2 × R$ 5,00 per further 500 g.
  expect((await press('entrega', formBody(RIO_DELIVERY))).statusCode).toBe(303);
  const successUrl = `${STOREFRONT}/payment-confirmation?success=true&session_id=${sessionId}`;
  return { store, path, sessionId, press, view, now, successUrl };
}

describe('pay page: Cartão, Pix and Boleto sections', () => {
  it('offers the three sections with their exact texts, the card buttons unchanged', async () => {
    const { view, path } = await withSession();
    const page = await view();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<nav aria-label="Formas de pagamento">');
    for (const id of ['cartao', 'pix', 'boleto'])
      expect(page.body).toMatch(new RegExp(`<section id="${id}" aria-labelledby="${id}-titulo">`));
    for (const [action, label] of [
      ['pay', 'Pagar'],
      ['cancel', 'Cancelar'],
      ['decline', 'Simular cartão recusado'],
      ['pix', 'Pagar com Pix'],
    ]) {
      expect(page.body).toMatch(
        new RegExp(
          `<form action="${path}/${action}" method="post"><button type="submit" class="\\w+">${label}</button>`,
        ),
      );
    }
    expect(page.body).toContain(`<form noValidate="" action="${path}/boleto" method="post">`);
    expect(page.body).toContain('<label for="cpf">CPF</label>');
    expect(page.body).toContain('>Gerar boleto</button>');
    expect(page.body).not.toContain('<script');
    expect(page.headers['content-security-policy']).not.toContain('script-src');
  });
});

describe('Pix', () => {
  it('Pagar com Pix → pending with a BR Code (amount, valid CRC16), its SVG QR code, a countdown; Simular pagamento → paid, one order', async () => {
    const { press, view, path, store, sessionId, successUrl, now } = await withSession();
    const started = await press('pix');
    expect(started.statusCode).toBe(303);
    expect(started.headers.location).toBe(path);
    const session = store.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      status: 'pending',
      paymentMethod: 'pix',
      boleto: null,
      pix: { expiresAt: now.value + 600_000 },
    });
    const code = session.pix!.copyPaste;
    expect(code).toMatch(/^000201/);
    expect(code).toContain('0014br.gov.bcb.pix');
    expect(code).toContain('54071454.20'); // 2 × 89,90 + 1.234,50 + R$ 39,90 of Expressa
    expect(code).toContain('5802BR');
    // @brazilian-utils reads it back: a valid BR Code (its CRC16 included) with our key, amount and reference.
    expect(isValidPixPayload(code)).toBe(true);
    expect(getPixPayloadInfo(code)).toMatchObject({
      key: '7d9f0335-8dcc-4054-9bf9-0dbd61440096',
      merchantName: 'CLUB CLOTHING',
      merchantCity: 'SAO PAULO',
      amount: 1454.2,
      txid: sessionId.replace(/[^A-Za-z0-9]/g, '').slice(-25),
    });

    now.value += 61_000;
    const page = await view();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="pix-code">Pix copia e cola</label>');
    expect(page.body).toContain(`readOnly="">${escapeHtml(code)}</textarea>`);
    expect(page.body).toMatch(
      /<div class="qr" role="img" aria-label="QR Code do Pix"><svg xmlns="http:\/\/www.w3.org\/2000\/svg"/,
    );
    expect(page.body).toContain('data-seconds-left="539"');
    expect(page.body).toContain('>08:59</span>');
    expect(page.body).toContain('>Copiar código</button>');
    expect(page.body).toContain('>Simular pagamento do Pix</button>');
    // CSP-safe: the only script is the static one, allowed by its hash.
    const hash = createHash('sha256').update(PIX_SCRIPT).digest('base64');
    expect(page.body).toContain(`<script>${PIX_SCRIPT}</script>`);
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'none';style-src 'unsafe-inline';img-src 'self' data:;form-action 'self' ${STOREFRONT};base-uri 'none';frame-ancestors 'none';script-src 'sha256-${hash}'`,
    );

    // Pressing Pagar com Pix again (back button, other tab) keeps the same code.
    expect((await press('pix')).headers.location).toBe(path);
    expect(store.sessions.get(sessionId)!.pix!.copyPaste).toBe(code);

    const paid = await press('pix-paid');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(successUrl);
    expect(store.sessions.get(sessionId)).toMatchObject({ status: 'paid', paymentMethod: 'pix' });
    expect([...store.orders.values()]).toEqual([
      expect.objectContaining({
        id: sessionId,
        paymentMethod: 'pix',
        amountTotal: 141430,
        delivery: expect.objectContaining({ service: 'expressa', amount: 3990, uf: 'RJ' }),
      }),
    ]);
    expect((await view()).statusCode).toBe(410);
  });

  it('a Pix paid after its expiry is refused in pt-BR and the session is expired; the page then says so', async () => {
    const { press, view, store, sessionId, now } = await withSession();
    await press('pix');
    now.value += 600_000;
    const late = await press('pix-paid');
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('Pix expirado');
    expect(late.body).toContain('O prazo deste Pix terminou e ele não pode mais ser pago.');
    expect(store.sessions.get(sessionId)).toMatchObject({
      status: 'expired',
      paymentMethod: 'pix',
      finishedAt: now.value,
    });
    expect(store.orders.size).toBe(0);
    const page = await view();
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Pix expirado');
  });

  it('an expired Pix seen on the page settles as expired and cannot be paid afterwards', async () => {
    const { press, view, store, sessionId, now } = await withSession();
    await press('pix');
    now.value += 601_000;
    expect((await view()).statusCode).toBe(410);
    expect(store.sessions.get(sessionId)!.status).toBe('expired');
    now.value -= 300_000; // even a clock going back cannot revive it
    expect((await press('pix-paid')).statusCode).toBe(409);
    expect(store.orders.size).toBe(0);
  });

  it('two tabs paying the same pending Pix: both land on success, exactly one order', async () => {
    const { press, store, successUrl } = await withSession();
    await press('pix');
    const answers = await Promise.all([press('pix-paid'), press('pix-paid'), press('pix-paid')]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe(successUrl);
    }
    expect(store.orders.size).toBe(1);
  });

  it('the card buttons of a stale tab cannot pay or cancel a pending Pix', async () => {
    const { press, store, sessionId } = await withSession();
    await press('pix');
    for (const action of ['pay', 'cancel', 'boleto-paid']) expect((await press(action)).statusCode).toBe(409);
    expect((await press('boleto', `cpf=${encodeURIComponent(VALID_CPF)}`)).statusCode).toBe(200); // the page shows the pending Pix
    expect(store.sessions.get(sessionId)).toMatchObject({ status: 'pending', paymentMethod: 'pix', boleto: null });
    expect(store.orders.size).toBe(0);
  });
});

describe('Boleto', () => {
  it.each([
    ['empty', '', 'Informe o CPF para gerar o boleto.'],
    ['blank', '   ', 'Informe o CPF para gerar o boleto.'],
    ['letters', '529.982.abc-25', 'O CPF deve conter apenas números (pontos e traço são opcionais).'],
    ['too few digits', '529.982.247', 'O CPF deve ter 11 dígitos.'],
    ['wrong check digits', '529.982.247-24', 'CPF inválido: confira os dígitos verificadores.'],
    ['all the same digit', '111.111.111-11', 'CPF inválido: confira os dígitos verificadores.'],
  ])('a CPF that is %s → 400, a clear pt-BR error, the form kept', async (_name, cpf, message) => {
    const { press, path, store, sessionId } = await withSession();
    const response = await press('boleto', `cpf=${encodeURIComponent(cpf)}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(`<p class="error" id="cpf-error" role="alert">${escapeHtml(message)}</p>`);
    expect(response.body).toContain(
      `aria-invalid="true" aria-describedby="cpf-error" name="cpf" value="${escapeHtml(cpf)}"`,
    );
    expect(response.body).toContain(`<form noValidate="" action="${path}/boleto" method="post">`);
    expect(store.sessions.get(sessionId)).toMatchObject({ status: 'open', paymentMethod: null });
  });

  it('a valid CPF → pending with a linha digitável, "Voltar para a loja" to the success URL; compensação later → paid', async () => {
    const { press, view, path, store, sessionId, successUrl, now } = await withSession();
    const issued = await press('boleto', `cpf=${encodeURIComponent(VALID_CPF)}`);
    expect(issued.statusCode).toBe(303);
    expect(issued.headers.location).toBe(path);
    const session = store.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      status: 'pending',
      paymentMethod: 'boleto',
      pix: null,
      boleto: { dueAt: now.value + 3 * 86_400_000 },
    });
    const line = session.boleto!.line;
    expect(line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(line.replace(/\D/g, '')).toHaveLength(47);
    expect(line).toMatch(/0000145420$/); // products R$ 1.414,30 + Expressa R$ 39,90
    expect(isValidBoleto(line)).toBe(true);
    expect(JSON.stringify(session)).not.toContain('52998224725'); // the CPF is checked, not kept
    expect(store.orders.size).toBe(0);

    const page = await view(); // revisited at its URL
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<p class="line" id="boleto-line">${line}</p>`);
    expect(page.body).toContain(`<a class="button" href="${escapeHtml(successUrl)}">Voltar para a loja</a>`);
    expect(page.body).toContain('>Simular compensação do boleto</button>');

    now.value += 86_400_000; // a day later
    const paid = await press('boleto-paid');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(successUrl);
    expect(store.orders.get(sessionId)).toMatchObject({
      paymentMethod: 'boleto',
      amountTotal: 141430,
      delivery: { amount: 3990 },
      paidAt: now.value,
    });
    expect((await press('boleto-paid')).headers.location).toBe(successUrl);
    expect(store.orders.size).toBe(1);
  });

  it('a boleto past its due date expires and cannot be compensated', async () => {
    const { press, store, sessionId, now } = await withSession();
    await press('boleto', `cpf=${VALID_CPF.replace(/\D/g, '')}`);
    now.value += 3 * 86_400_000;
    const late = await press('boleto-paid');
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('Boleto vencido');
    expect(store.sessions.get(sessionId)!.status).toBe('expired');
    expect(store.orders.size).toBe(0);
  });
});
