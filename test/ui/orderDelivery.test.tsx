import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { anAddress, anOrderDelivery } from '../support/builders';
import { aSessionDocument } from './support/orderDocumentFixtures';
import { renderApp, settled } from './support/renderApp';

// Every expected text below is written out by hand (dates from a calendar, sums done on paper).
let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => app?.unmountAll());

const ana = { email: 'ana@example.com', password: 'segredo1', uid: 'uid-ana', displayName: 'Ana Souza' };
const loggedIn = { users: [ana], signedInAs: ana.email };
/** Text as read aloud: Intl puts a no-break space after "R$". */
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\u00a0/g, ' ');

const NOV_19_BRT = Date.UTC(2026, 10, 19, 15, 0);
const DAY = 86_400_000;

/** Expressa to Ana Souza, Rua Augusta, 100 — São Paulo/SP. */
const augusta = anAddress().build();
const expressa = anOrderDelivery().withAddress(augusta).build();

/** Ana's paid card order of two jaquetas (R$ 1.000,00) on the 19th. */
const session = (id: string, overrides: Record<string, unknown>) =>
  aSessionDocument(id, { uid: ana.uid, email: ana.email, createdAt: NOV_19_BRT, ...overrides });

async function cardOf(documents: Record<string, unknown>): Promise<HTMLElement> {
  app = renderApp({ path: '/pedidos', auth: loggedIn, orderDocuments: documents });
  await settled();
  const [card] = await screen.findAllByRole('article');
  return card as HTMLElement;
}

describe('Meus pedidos: where and when an order goes', () => {
  it('shows the delivery line, who receives it and the total with frete', async () => {
    const card = await cardOf({ s1: session('s1', { delivery: expressa }) });
    expect(text(card)).toContain(
      'Entrega: Expressa · R$ 34,90 · chega entre qui., 3 de dez. e seg., 7 de dez. · Rua Augusta, 100 — São Paulo/SP',
    );
    expect(within(card).getAllByRole('term').map(text)).toEqual([
      'Total',
      'Pagamento',
      'Situação',
      'Quem recebe',
      'Total com frete',
    ]);
    expect(within(card).getAllByRole('definition').map(text)).toEqual([
      'R$ 1.000,00',
      'Cartão',
      'Pago',
      'Ana Souza',
      'R$ 1.034,90',
    ]);
    expect(text(card)).not.toContain('Frete em revisão');
  });

  it('spells out a review, with a free Econômica and a complement', async () => {
    const card = await cardOf({
      s1: session('s1', {
        amountTotal: 31000,
        lineItems: [{ productId: 'v1', name: 'Vestido Longo', unitAmount: 31000, quantity: 1 }],
        delivery: {
          ...expressa,
          service: 'economica',
          serviceName: 'Econômica',
          amount: 0,
          businessDays: { min: 2, max: 4 },
          window: { from: '2026-12-08', to: '2026-12-14' },
          address: {
            ...augusta,
            recipient: 'Bruno Lima',
            cep: '22021001',
            street: 'Av. Atlântica',
            number: '1702',
            complement: 'apto 501',
            city: 'Rio de Janeiro',
            uf: 'RJ',
          },
          review: 'o endereço é de RJ e o frete foi cotado para SP. Vamos confirmar o valor por e-mail.',
        },
      }),
    });
    expect(text(card)).toContain(
      'Entrega: Econômica · Grátis · chega entre ter., 8 de dez. e seg., 14 de dez. · Av. Atlântica, 1702, apto 501 — Rio de Janeiro/RJ',
    );
    expect(text(card)).toContain(
      'Frete em revisão: o endereço é de RJ e o frete foi cotado para SP. Vamos confirmar o valor por e-mail.',
    );
    expect(within(card).getAllByRole('definition').map(text)).toEqual([
      'R$ 310,00',
      'Cartão',
      'Pago',
      'Bruno Lima',
      'R$ 310,00',
    ]);
  });

  it('before the address is in: service, frete and window, no address and no recipient', async () => {
    const card = await cardOf({
      s1: session('s1', { status: 'pending', paymentMethod: null, delivery: { ...expressa, address: null } }),
    });
    const line = within(card).getByText(/^Entrega:/);
    expect(text(line)).toBe('Entrega: Expressa · R$ 34,90 · chega entre qui., 3 de dez. e seg., 7 de dez.');
    expect(within(card).getAllByRole('term').map(text)).toEqual(['Total', 'Pagamento', 'Situação', 'Total com frete']);
    expect(text(card)).not.toContain('Rua Augusta');
    expect(text(card)).not.toContain('Ana Souza');
  });

  it('an order without delivery, or with a malformed one, looks as it always did', async () => {
    const before =
      'Pedido de 19/11/20262 × Jaqueta de Couro Preta — R$ 1.000,00TotalR$ 1.000,00PagamentoCartãoSituaçãoPago';
    expect(text(await cardOf({ s1: session('s1', {}) }))).toBe(before);
    app?.unmountAll();
    expect(text(await cardOf({ s1: session('s1', { delivery: null }) }))).toBe(before);
    app?.unmountAll();
    expect(text(await cardOf({ s1: session('s1', { delivery: { ...expressa, amount: 34.9 } }) }))).toBe(before);
    expect(app?.logged).toEqual([
      [
        '[orders] dropped a malformed delivery',
        expect.objectContaining({ code: 'document/malformed', documentId: 's1' }),
      ],
    ]);
  });

  it('each order shows its own delivery', async () => {
    app = renderApp({
      path: '/pedidos',
      auth: loggedIn,
      orderDocuments: {
        newer: session('newer', {
          createdAt: NOV_19_BRT + DAY,
          delivery: { ...expressa, address: { ...augusta, number: '200' } },
        }),
        older: session('older', {}),
      },
    });
    await settled();
    const [newer, older] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    expect(text(newer)).toContain('Rua Augusta, 200 — São Paulo/SP');
    expect(text(older)).not.toContain('Entrega');
  });
});

describe('payment confirmation: where and when', () => {
  it('the summary shows the delivery line, the recipient and the total with frete; the result text is unchanged', async () => {
    app = renderApp({
      path: '/payment-confirmation?success=true&session_id=s1',
      auth: loggedIn,
      orderDocuments: { s1: session('s1', { delivery: expressa }) },
    });
    await settled();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sua compra foi finalizada com sucesso!');
    const summary = await screen.findByRole('region', { name: 'Seu pedido' });
    expect(text(summary)).toContain('Total: R$ 1.000,00');
    expect(text(summary)).toContain(
      'Entrega: Expressa · R$ 34,90 · chega entre qui., 3 de dez. e seg., 7 de dez. · Rua Augusta, 100 — São Paulo/SP',
    );
    expect(text(summary)).toContain('Quem recebeAna Souza');
    expect(text(summary)).toContain('Total com freteR$ 1.034,90');
  });

  it('a pending Pix without its address yet: the line without an address, beside the Pix instructions', async () => {
    const pix = { copyPaste: '00020126pix', expiresAt: Date.UTC(2026, 10, 19, 18, 30) };
    app = renderApp({
      path: '/payment-confirmation?success=true&session_id=s1',
      auth: loggedIn,
      orderDocuments: {
        s1: session('s1', { status: 'pending', paymentMethod: 'pix', pix, delivery: { ...expressa, address: null } }),
      },
    });
    await settled();
    const summary = await screen.findByRole('region', { name: 'Seu pedido' });
    expect(text(within(summary).getByText(/^Entrega:/))).toBe(
      'Entrega: Expressa · R$ 34,90 · chega entre qui., 3 de dez. e seg., 7 de dez.',
    );
    expect(text(summary)).toContain('Total com freteR$ 1.034,90');
    expect(text(summary)).toContain('Pagamento pendente: pague com o Pix copia e cola até 15:30 de 19/11/2026.');
  });
});
