import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { memoryOrders } from '../../src/adapters/orders/memoryOrders';
import { anOrderDelivery } from '../support/builders';
import { aSessionDocument } from './support/orderDocumentFixtures';
import { renderApp, settled } from './support/renderApp';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => app?.unmountAll());

const ana = { email: 'ana@example.com', password: 'segredo1', uid: 'uid-ana', displayName: 'Ana Souza' };
const loggedIn = { users: [ana], signedInAs: ana.email };
/** Text as read aloud: Intl puts a no-break space after "R$". */
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\u00a0/g, ' ');

// 2026-11-20 02:30 UTC is still the 19th in São Paulo (UTC−3): the date must be Brasília's.
const NOV_19_BRT = Date.UTC(2026, 10, 20, 2, 30);
const NOV_21 = Date.UTC(2026, 10, 21, 15, 0);
const NOV_22 = Date.UTC(2026, 10, 22, 15, 0);

/** Ana's paid card order of two jaquetas, late on the 19th. */
const session = (id: string, overrides: Record<string, unknown>) =>
  aSessionDocument(id, {
    uid: ana.uid,
    email: ana.email,
    createdAt: NOV_19_BRT,
    expiresAt: NOV_19_BRT + 86_400_000,
    ...overrides,
  });

const documents = {
  card: session('card', {}),
  boleto: session('boleto', {
    createdAt: NOV_22,
    status: 'pending',
    paymentMethod: 'boleto',
    lineItems: [
      { productId: 'h1', name: 'Boné Branco', unitAmount: 5990, quantity: 3 },
      { productId: 's1', name: 'Tênis Corrida', unitAmount: 20000, quantity: 1 },
    ],
    amountTotal: 37970,
    boleto: { line: '34191.79001 01043.510047 91020.150008 1 96610000037970', dueAt: Date.UTC(2026, 10, 25, 15, 0) },
  }),
  pix: session('pix', {
    createdAt: NOV_21,
    status: 'expired',
    paymentMethod: 'pix',
    amountTotal: 15000,
    lineItems: [{ productId: 'r1', name: 'Regata Azul', unitAmount: 15000, quantity: 1 }],
  }),
  abandoned: session('abandoned', { createdAt: NOV_22 + 1000, status: 'open', paymentMethod: null }),
  someoneElse: session('someoneElse', { uid: 'uid-bruno', createdAt: NOV_22 + 2000 }),
};

describe('Meus pedidos (/pedidos)', () => {
  it('lists the orders newest first with date, items, total, method and status', async () => {
    app = renderApp({ path: '/pedidos', auth: loggedIn, orderDocuments: documents });
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Pedido de 22/11/2026',
      'Pedido de 21/11/2026',
      'Pedido de 19/11/2026',
    ]);
    const [boleto, pix, card] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(text(boleto)).toContain('3 × Boné Branco');
    expect(text(boleto)).toContain('1 × Tênis Corrida');
    expect(text(boleto)).toContain('TotalR$ 379,70');
    expect(text(boleto)).toContain('PagamentoBoleto');
    expect(text(boleto)).toContain('SituaçãoAguardando pagamento');
    expect(text(boleto)).toContain('Pagamento pendente: pague o boleto até 25/11/2026.');
    expect((within(boleto).getByLabelText('Linha digitável') as HTMLTextAreaElement).value).toBe(
      '34191.79001 01043.510047 91020.150008 1 96610000037970',
    );
    expect(text(pix)).toContain('PagamentoPix');
    expect(text(pix)).toContain('SituaçãoExpirado');
    expect(text(card)).toContain('2 × Jaqueta de Couro Preta');
    expect(text(card)).toContain('TotalR$ 1.000,00');
    expect(text(card)).toContain('PagamentoCartão');
    expect(text(card)).toContain('SituaçãoPago');
    expect(document.body.textContent).not.toContain('Em aberto');
  });

  it('says so when there are no orders, with a link to explore', async () => {
    app = renderApp({ path: '/pedidos', auth: loggedIn, orderDocuments: { abandoned: documents.abandoned } });
    await settled();
    expect(await screen.findByText(/Você ainda não tem pedidos\./)).toBeTruthy();
    await app.user.click(screen.getByRole('link', { name: 'Explorar produtos' }));
    expect(app.path()).toBe('/explore');
  });

  it('shows a loading state, then a pt-BR error with "Tentar novamente" that reads again', async () => {
    const orders = memoryOrders({ documents, signedInAs: () => ana.uid, log: () => {} });
    orders.failReads(true);
    app = renderApp({ path: '/pedidos', auth: loggedIn, orders });
    expect(await screen.findByText('Carregando seus pedidos…')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Não foi possível carregar seus pedidos. Verifique sua conexão e tente novamente.',
    );
    orders.failReads(false);
    await app.user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('logged out: the checkout message pattern, then /login after 3 s', async () => {
    app = renderApp({ path: '/pedidos', orderDocuments: documents });
    await settled();
    expect(screen.getByRole('status').textContent).toBe(
      'Você precisa entrar na sua conta para ver seus pedidos. Redirecionando para o login em 3 segundos…',
    );
    expect(screen.queryByRole('article')).toBeNull();
    await waitFor(() => expect(app!.path()).toBe('/login'), { timeout: 4000 });
  });

  it('is linked from the footer, and the header is unchanged', async () => {
    app = renderApp({ path: '/', auth: loggedIn, orderDocuments: documents });
    await settled();
    const footer = screen.getByRole('navigation', { name: 'Rodapé' });
    await app.user.click(within(footer).getByRole('link', { name: 'Meus pedidos' }));
    expect(app.path()).toBe('/pedidos');
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Meus pedidos' })).toBeNull();
  });
});

// After the payment (docs/requirements.md#order-lifecycle): every date and time below is Brasília's (UTC−3),
// worked out by hand from the UTC instant.
const lifeDocuments = {
  /** Paid on 28/11, sent, and delivered late on 04/12 (02:30 UTC on the 5th), inside its 3–7 Dec window. */
  delivered: session('delivered', {
    createdAt: Date.UTC(2026, 10, 28, 15, 0),
    delivery: anOrderDelivery().build(),
    fulfilment: {
      status: 'entregue',
      history: [
        { status: 'pago', at: Date.UTC(2026, 10, 28, 15, 1) },
        { status: 'em_separacao', at: Date.UTC(2026, 10, 30, 13, 0) },
        { status: 'enviado', at: Date.UTC(2026, 11, 1, 18, 40) },
        { status: 'entregue', at: Date.UTC(2026, 11, 5, 2, 30) },
      ],
      trackingCode: 'QB987654321BR',
      deliveredAt: Date.UTC(2026, 11, 5, 2, 30),
      returnReason: null,
    },
  }),
  /** Paid on 21/11, picked on the 22nd, sent that night (02:05 UTC on the 23rd). */
  shipped: session('shipped', {
    createdAt: NOV_21,
    fulfilment: {
      status: 'enviado',
      history: [
        { status: 'pago', at: Date.UTC(2026, 10, 21, 15, 2) },
        { status: 'em_separacao', at: Date.UTC(2026, 10, 22, 12, 0) },
        { status: 'enviado', at: Date.UTC(2026, 10, 23, 2, 5) },
      ],
      trackingCode: 'AA123456789BR',
      deliveredAt: null,
      returnReason: null,
    },
  }),
  /** Paid before the backend followed orders: no fulfilment. */
  card: documents.card,
};

describe("Meus pedidos: the order's life after the payment", () => {
  it('shows the step reached, each step with its Brasília date and time, the tracking code and the promise kept', async () => {
    app = renderApp({ path: '/pedidos', auth: loggedIn, orderDocuments: lifeDocuments });
    await settled();
    const [delivered, shipped, card] = (await screen.findAllByRole('article')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const steps = (order: HTMLElement) =>
      within(within(order).getByRole('list', { name: 'Andamento do pedido' }))
        .getAllByRole('listitem')
        .map(text);
    const situation = (order: HTMLElement) => within(order).getAllByRole('definition').map(text)[2];

    expect(text(within(shipped).getAllByRole('heading')[0]!)).toBe('Pedido de 21/11/2026');
    expect(situation(shipped)).toBe('Enviado');
    expect(within(shipped).getByRole('heading', { level: 3, name: 'Andamento do pedido' })).toBeTruthy();
    expect(steps(shipped)).toEqual([
      'Pago — 21/11/2026 às 12:02',
      'Em separação — 22/11/2026 às 09:00',
      'Enviado — 22/11/2026 às 23:05',
    ]);
    expect(shipped.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-21T15:02:00.000Z');
    expect(text(shipped)).toContain('Código de rastreio: AA123456789BR');
    expect(text(shipped)).not.toContain('Previsão');
    expect(text(shipped)).not.toContain('Entregue');

    expect(text(within(delivered).getAllByRole('heading')[0]!)).toBe('Pedido de 28/11/2026');
    expect(situation(delivered)).toBe('Entregue');
    expect(steps(delivered)).toEqual([
      'Pago — 28/11/2026 às 12:01',
      'Em separação — 30/11/2026 às 10:00',
      'Enviado — 01/12/2026 às 15:40',
      'Entregue — 04/12/2026 às 23:30',
    ]);
    expect(text(delivered)).toContain('Código de rastreio: QB987654321BR');
    expect(within(delivered).getByText(/^Previsão:/).textContent).toBe(
      'Previsão: chega entre qui., 3 de dez. e seg., 7 de dez. · Entregue em 04/12/2026',
    );
    // The delivery line of docs/requirements.md#delivery is still there, as before.
    expect(text(delivered)).toContain('Entrega: Expressa · R$ 34,90 · chega entre qui., 3 de dez. e seg., 7 de dez.');

    // Without a fulfilment: the card as it always was.
    expect(within(card).getAllByRole('heading').map(text)).toEqual(['Pedido de 19/11/2026']);
    expect(within(card).getAllByRole('term').map(text)).toEqual(['Total', 'Pagamento', 'Situação']);
    expect(within(card).getAllByRole('definition').map(text)).toEqual(['R$ 1.000,00', 'Cartão', 'Pago']);
    expect(within(card).queryByRole('list', { name: 'Andamento do pedido' })).toBeNull();
    expect(text(card)).not.toContain('Código de rastreio');
    expect(text(card)).not.toContain('Previsão');
  });
});

describe('payment confirmation with a session', () => {
  it("the owner sees the result text, what the order is, the pending boleto's line and a link to Meus pedidos", async () => {
    app = renderApp({
      path: '/payment-confirmation?success=true&session_id=boleto',
      auth: loggedIn,
      orderDocuments: documents,
    });
    await settled();
    expect(screen.getByRole('heading', { name: 'Sua compra foi finalizada com sucesso!' })).toBeTruthy();
    const summary = await screen.findByRole('region', { name: 'Seu pedido' });
    expect(text(summary)).toContain('3 × Boné Branco');
    expect(text(summary)).toContain('Total: R$ 379,70');
    expect(text(summary)).toContain('Pagamento pendente: pague o boleto até 25/11/2026.');
    await app.user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Meus pedidos' }));
    expect(app.path()).toBe('/pedidos');
  });

  it("someone else's session or a failed read: only the result text", async () => {
    app = renderApp({
      path: '/payment-confirmation?success=true&session_id=someoneElse',
      auth: loggedIn,
      orderDocuments: documents,
    });
    await settled();
    expect(screen.getByRole('heading', { name: 'Sua compra foi finalizada com sucesso!' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Seu pedido' })).toBeNull();
    app.unmountAll();
    const orders = memoryOrders({ documents, signedInAs: () => ana.uid });
    orders.failReads(true);
    app = renderApp({ path: '/payment-confirmation?success=true&session_id=boleto', auth: loggedIn, orders });
    await settled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'Sua compra foi finalizada com sucesso!' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Seu pedido' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
