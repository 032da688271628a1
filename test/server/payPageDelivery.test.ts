// @vitest-environment node
// The simulated pay page's Entrega step: the address and the service before any payment, quoted again by the
// server. Expected prices and windows are worked out by hand from the rate card (src/domain/delivery.ts).
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { escapeHtml } from '../../src/domain/escapeHtml';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { aCategory, aProduct } from '../support/builders';
import { buildTestServer, emulatorIdToken, formBody, openPayPage, RIO_DELIVERY } from './support';

const camisa = aProduct().withId('camisa-social').withName('Camisa Social').withPrice(129.9).build();
const bone = aProduct().withId('bone-branco').withName('Boné Branco').withPrice(60).build();
const token = emulatorIdToken({ uid: 'bia', email: 'bia@example.com' });
/** Wednesday 2026-11-25, noon in Brasília. */
const NOW = Date.UTC(2026, 10, 25, 15);
const VALID_CPF = '529.982.247-25';

// One camisa (450 g) and one boné (250 g) + 200 g of packaging = 900 g, within the base kilo; R$ 189,90 is under
// the R$ 299,00 of free Econômica. So: SP R$ 15,90 / R$ 24,90, Southeast R$ 19,90 / R$ 29,90, North R$ 34,90 / R$ 52,90.

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function withSession(delivery: object | null = { cep: '01310-100', service: 'expressa' }, now = { value: NOW }) {
  const store = createMemoryStore();
  app = await buildTestServer({
    catalog: memoryCatalog([
      aCategory().withId('male').withProducts([camisa]).build(),
      aCategory().withId('hats').withProducts([bone]).build(),
    ]),
    store,
    rateLimit: false,
    sessionTtlMs: 30 * 60_000,
    now: () => now.value,
  });
  const { path, sessionId, press, view } = await openPayPage(app, token, {
    products: [
      { id: 'camisa-social', quantity: 1 },
      { id: 'bone-branco', quantity: 1 },
    ],
    ...(delivery ? { delivery } : {}),
  });
  return { store, path, sessionId, press, view, now };
}

const LABELS = ['Nome de quem recebe', 'CEP', 'Rua', 'Número', 'Complemento', 'Bairro', 'Cidade'];
const FIELDS = ['recipient', 'cep', 'street', 'number', 'complement', 'neighborhood', 'city'];

describe('the Entrega step', () => {
  it('comes first: a POST form with every labelled field, the quoted CEP and service chosen, each service priced by the server', async () => {
    const { view, path } = await withSession();
    const page = await view();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Entrega</h1>');
    expect(page.body).toContain(`<form noValidate="" action="${path}/entrega" method="post">`);
    LABELS.forEach((label, i) => {
      expect(page.body).toContain(`<label for="${FIELDS[i]}">${label}</label>`);
      expect(page.body).toMatch(new RegExp(`<input id="${FIELDS[i]}" type="text"[^>]* name="${FIELDS[i]}"`));
    });
    expect(page.body).toMatch(/<input id="cep"[^>]* name="cep" value="01310-100"/);
    expect(page.body).toContain('<label for="uf">UF</label>');
    expect(page.body.match(/<option value="[A-Z]{2}"/g)).toHaveLength(27);
    expect(page.body).toContain('<option value="SP" selected="">SP</option>');
    expect(page.body).toContain(
      '<input type="radio" id="service-expressa" aria-describedby="service-expressa-detail" name="service" checked="" value="expressa"',
    );
    expect(page.body).toContain(
      '<input type="radio" id="service-economica" aria-describedby="service-economica-detail" name="service" value="economica"/>',
    );
    expect(page.body).toContain('<label for="service-economica">Econômica</label>');
    expect(page.body).toContain('<label for="service-expressa">Expressa</label>');
    // SP Econômica: 2–4 business days + 1 of handling from Wed 25/11; Expressa: 1–2 + 1.
    expect(page.body).toContain(
      '<p class="hint" id="service-economica-detail">R$\u00a015,90 · Chega entre seg., 30 de nov. e qua., 2 de dez.</p>',
    );
    expect(page.body).toContain(
      '<p class="hint" id="service-expressa-detail">R$\u00a024,90 · Chega entre sex., 27 de nov. e seg., 30 de nov.</p>',
    );
    expect(page.body).toContain('<button type="submit" class="pay">Continuar para o pagamento</button>');
    expect(page.body).not.toContain(`action="${path}/pay"`);
    expect(page.body).not.toContain('<script');
  });

  it('the plain call without a delivery gets the step too: Econômica chosen, no CEP yet, no price yet', async () => {
    const { view } = await withSession(null);
    const page = await view();
    expect(page.body).toContain('<h1>Entrega</h1>');
    expect(page.body).toMatch(/<input id="cep"[^>]* name="cep" value=""/);
    expect(page.body).toContain(
      '<input type="radio" id="service-economica" aria-describedby="service-economica-detail" name="service" checked="" value="economica"',
    );
    expect(page.body.match(/Informe o CEP para ver o preço e o prazo\./g)).toHaveLength(2);
    expect(page.body).toContain('<option value="" selected="">Selecione</option>');
  });

  it('a valid address is quoted again and kept; the payment step shows Produtos, Frete, Total and Alterar entrega', async () => {
    const { press, view, store, sessionId, path } = await withSession();
    const sent = await press(
      'entrega',
      formBody({ ...RIO_DELIVERY, service: 'economica', complement: 'sala <12> & "B"' }),
    );
    expect(sent.statusCode).toBe(400); // < and > are refused
    const done = await press(
      'entrega',
      formBody({ ...RIO_DELIVERY, service: 'economica', complement: 'sala 12 & "B"' }),
    );
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(path);
    expect(store.sessions.get(sessionId)!.delivery).toEqual({
      cep: '20040002',
      uf: 'RJ',
      service: 'economica',
      serviceName: 'Econômica',
      amount: 1990,
      businessDays: { min: 3, max: 6 },
      // 4 and 7 business days after Wed 25/11.
      window: { from: '2026-12-01', to: '2026-12-04' },
      address: {
        recipient: 'Caio Souza',
        cep: '20040002',
        street: 'Avenida Rio Branco',
        number: '156',
        complement: 'sala 12 & "B"',
        neighborhood: 'Centro',
        city: 'Rio de Janeiro',
        uf: 'RJ',
      },
      review: null,
    });
    const page = await view();
    expect(page.body).toContain('<h1>Pagamento</h1>');
    expect(page.body).toContain('<td class="num" data-testid="products-total">R$\u00a0189,90</td>');
    expect(page.body).toContain(
      '<td colSpan="3">Frete (Econômica)</td><td class="num" data-testid="frete">R$\u00a019,90</td>',
    );
    expect(page.body).toContain('<td class="num" data-testid="total">R$\u00a0209,80</td>');
    expect(page.body).toContain(escapeHtml('Avenida Rio Branco, 156, sala 12 & "B" — Rio de Janeiro/RJ'));
    expect(page.body).not.toContain('sala 12 & "B"');
    expect(page.body).toContain(`<a href="${path}/entrega">Alterar entrega</a>`);
  });

  it('empty fields: each pt-BR message next to its field (aria-invalid, aria-describedby), 400, nothing stored', async () => {
    const { press, store, sessionId } = await withSession();
    const response = await press(
      'entrega',
      formBody({
        recipient: '',
        cep: '',
        street: '  ',
        number: '',
        complement: '',
        neighborhood: '',
        city: '',
        uf: '',
        service: 'economica',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const expected: Record<string, string> = {
      recipient: 'Informe o campo nome de quem recebe.',
      cep: 'Informe o CEP.',
      street: 'Informe o campo rua.',
      number: 'Informe o campo número.',
      neighborhood: 'Informe o campo bairro.',
      city: 'Informe o campo cidade.',
      uf: 'Escolha a UF.',
    };
    for (const [field, message] of Object.entries(expected)) {
      expect(response.body).toContain(`<p class="error" id="${field}-error">${message}</p>`);
      expect(response.body).toMatch(
        new RegExp(`id="${field}"[^>]* aria-invalid="true" aria-describedby="${field}-error"`),
      );
    }
    expect(response.body).not.toContain('complement-error');
    expect(response.body).toContain('<p class="error" role="alert">Confira os campos destacados.</p>');
    expect(store.sessions.get(sessionId)!.delivery).toMatchObject({ address: null, service: 'expressa', amount: 2490 });
  });

  it('a field over 200 characters and markup: their messages, every typed value kept and escaped', async () => {
    const { press, store, sessionId } = await withSession();
    const long = 'R'.repeat(201);
    const response = await press(
      'entrega',
      formBody({
        ...RIO_DELIVERY,
        street: long,
        recipient: '<script>alert(1)</script>',
        city: '"><img src=x onerror=alert(1)>',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<p class="error" id="street-error">Use no máximo 200 caracteres.</p>');
    expect(response.body).toContain(
      '<p class="error" id="recipient-error">Use apenas letras, números e pontuação comum (sem &lt; ou &gt;).</p>',
    );
    expect(response.body).toContain(
      '<p class="error" id="city-error">Use apenas letras, números e pontuação comum (sem &lt; ou &gt;).</p>',
    );
    expect(response.body).toContain(`value="${long}"`);
    expect(response.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(response.body).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(response.body).not.toContain('<script>alert');
    expect(response.body).not.toContain('<img src=x');
    // The rest is kept as typed: CEP, number, neighbourhood, UF and service.
    expect(response.body).toMatch(/id="cep"[^>]* name="cep" value="20040-002"/);
    expect(response.body).toMatch(/id="neighborhood"[^>]* name="neighborhood" value="Centro"/);
    expect(response.body).toContain('<option value="RJ" selected="">RJ</option>');
    expect(response.body).toContain(
      '<input type="radio" id="service-expressa" aria-describedby="service-expressa-detail" name="service" checked="" value="expressa"',
    );
    expect(store.sessions.get(sessionId)!.delivery!.address).toBeNull();
  });

  it.each([
    ['letters', 'abc', 'CEP inválido. Use 8 números, como 01310-100.'],
    ['7 digits', '2004000', 'CEP inválido. Use 8 números, como 01310-100.'],
    ['outside every range', '00500-000', 'Não encontramos este CEP nas faixas dos Correios. Confira os números.'],
    ['an emoji', '20040-0😀2', 'CEP inválido. Use 8 números, como 01310-100.'],
  ])('a CEP with %s: its message under the CEP field', async (_name, cep, message) => {
    const { press } = await withSession();
    const response = await press('entrega', formBody({ ...RIO_DELIVERY, cep }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(`<p class="error" id="cep-error">${message}</p>`);
    expect(response.body).toContain(`value="${escapeHtml(cep)}"`);
  });

  it('a UF that does not match the CEP: the message under UF; the prices follow the CEP typed', async () => {
    const { press } = await withSession();
    const response = await press('entrega', formBody({ ...RIO_DELIVERY, uf: 'SP' }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(
      '<p class="error" id="uf-error">O CEP informado é de RJ. Confira o CEP ou a UF.</p>',
    );
    expect(response.body).toContain('id="service-economica-detail">R$\u00a019,90');
    expect(response.body).toContain('id="service-expressa-detail">R$\u00a029,90');
  });

  it('a tampered service is refused; a tampered frete amount is ignored (the server quotes)', async () => {
    const { press, store, sessionId } = await withSession();
    const unknown = await press('entrega', formBody({ ...RIO_DELIVERY, service: 'sedex' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(
      '<p class="error" id="service-error">Opção de entrega desconhecida. Escolha Econômica ou Expressa.</p>',
    );
    const tampered = await press('entrega', `${formBody(RIO_DELIVERY)}&amount=1&frete=0&free=true`);
    expect(tampered.statusCode).toBe(303);
    expect(store.sessions.get(sessionId)!.delivery).toMatchObject({ service: 'expressa', amount: 2990, uf: 'RJ' });
  });

  it('Alterar entrega: the form again with the address; another CEP is quoted again and the Pix charges products + the new frete', async () => {
    const { press, view, store, sessionId, path } = await withSession();
    await press('entrega', formBody(RIO_DELIVERY));
    const again = await view(`${path}/entrega`);
    expect(again.statusCode).toBe(200);
    expect(again.body).toMatch(/id="street"[^>]* name="street" value="Avenida Rio Branco"/);
    expect(again.body).toMatch(/id="cep"[^>]* name="cep" value="20040-002"/);
    const manaus = {
      ...RIO_DELIVERY,
      cep: '69005-010',
      uf: 'AM',
      city: 'Manaus',
      street: 'Avenida Eduardo Ribeiro',
      neighborhood: 'Centro',
    };
    expect((await press('entrega', formBody(manaus))).statusCode).toBe(303);
    expect(store.sessions.get(sessionId)!.delivery).toMatchObject({
      uf: 'AM',
      service: 'expressa',
      amount: 5290,
      address: { city: 'Manaus' },
    });
    expect((await view()).body).toContain('<td class="num" data-testid="total">R$\u00a0242,80</td>');
    expect((await press('pix')).statusCode).toBe(303);
    expect(store.sessions.get(sessionId)!.pix!.copyPaste).toContain('5406242.80'); // R$ 189,90 + R$ 52,90
    // Pending: the delivery cannot change any more; the page shows the Pix.
    const late = await press('entrega', formBody(RIO_DELIVERY));
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain('Pagamento com Pix');
    expect(late.body).not.toContain('Alterar entrega');
    expect(store.sessions.get(sessionId)!.delivery).toMatchObject({ uf: 'AM', amount: 5290 });
  });

  it('payment buttons before the address charge nothing: 409 and the Entrega step again; Cancelar still works', async () => {
    const { press, store, sessionId } = await withSession();
    for (const [action, body] of [
      ['pay', ''],
      ['decline', ''],
      ['pix', ''],
      ['boleto', `cpf=${encodeURIComponent(VALID_CPF)}`],
    ] as const) {
      const response = await press(action, body);
      expect(response.statusCode).toBe(409);
      expect(response.body).toContain('<h1>Entrega</h1>');
      expect(response.body).toContain(
        '<p class="error" role="alert">Informe o endereço de entrega antes de pagar.</p>',
      );
    }
    expect(store.sessions.get(sessionId)).toMatchObject({
      status: 'open',
      paymentMethod: null,
      pix: null,
      boleto: null,
    });
    expect(store.orders.size).toBe(0);
    const cancel = await press('cancel');
    expect(cancel.statusCode).toBe(303);
    expect(store.sessions.get(sessionId)!.status).toBe('canceled');
  });

  it('the longest accepted form passes; a body over 16 KB answers a pt-BR 413 page, not 503', async () => {
    const { press, store, sessionId } = await withSession();
    const longest = {
      ...RIO_DELIVERY,
      recipient: 'ç'.repeat(200),
      street: 'ç'.repeat(200),
      number: 'ç'.repeat(200),
      complement: 'ç'.repeat(200),
      neighborhood: 'ç'.repeat(200),
      city: 'ç'.repeat(200),
    };
    expect(formBody(longest).length).toBeGreaterThan(7000);
    expect((await press('entrega', formBody(longest))).statusCode).toBe(303);
    const huge = await press('entrega', formBody({ ...RIO_DELIVERY, complement: 'x'.repeat(17 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['content-type']).toMatch(/^text\/html/);
    expect(huge.body).toContain('Formulário grande demais');
    expect(store.sessions.get(sessionId)!.delivery!.address!.street).toBe('ç'.repeat(200));
  });

  it('an expired session shows its finished page, not the form', async () => {
    const now = { value: NOW };
    const { view, press, path } = await withSession(undefined, now);
    now.value += 31 * 60_000;
    expect((await view(`${path}/entrega`)).statusCode).toBe(410);
    const late = await press('entrega', formBody(RIO_DELIVERY));
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('Sessão expirada');
  });
});
