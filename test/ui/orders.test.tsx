import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { memoryOrders } from '../../src/adapters/orders/memoryOrders';
import { memoryReturns } from '../../src/adapters/returns/memoryReturns';
import type { ReturnsPort } from '../../src/adapters/returns/returnsPort';
import type { Fulfilment } from '../../src/domain/fulfilment';
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

// The withdrawal right (docs/requirements.md#orders, CDC art. 49): "Solicitar devolução" on an order delivered up
// to 7 Brasília days before the page's clock, 10/12/2026 at 12:00 in Brasília.
const RETURN_NOW = Date.UTC(2026, 11, 10, 15, 0);
const DAY = 86_400_000;
const deliveredOn = (deliveredAt: number): Fulfilment => ({
  status: 'entregue',
  history: [
    { status: 'pago', at: Date.UTC(2026, 10, 28, 15, 1) },
    { status: 'em_separacao', at: Date.UTC(2026, 10, 30, 13, 0) },
    { status: 'enviado', at: Date.UTC(2026, 11, 1, 18, 40) },
    { status: 'entregue', at: deliveredAt },
  ],
  trackingCode: 'QB987654321BR',
  deliveredAt,
  returnReason: null,
});
const returnFulfilments = {
  /** Delivered on 08/12 at 12:00: two days before. */
  recent: deliveredOn(RETURN_NOW - 2 * DAY),
  /** Delivered on 02/12 at 12:00: eight days before, the window closed. */
  late: deliveredOn(RETURN_NOW - 8 * DAY),
};
const returnDocuments = {
  recent: session('recent', { createdAt: Date.UTC(2026, 10, 28, 15, 0), fulfilment: returnFulfilments.recent }),
  late: session('late', { createdAt: Date.UTC(2026, 10, 27, 15, 0), fulfilment: returnFulfilments.late }),
  shipped: lifeDocuments.shipped,
};

describe('Meus pedidos: Solicitar devolução', () => {
  const cardOf = async (date: string) => screen.findByRole('article', { name: `Pedido de ${date}` });
  const situation = (order: HTMLElement) => within(order).getAllByRole('definition').map(text)[2];
  const renderReturns = (returns: ReturnsPort) => {
    app = renderApp({
      path: '/pedidos',
      auth: loggedIn,
      orderDocuments: returnDocuments,
      now: () => RETURN_NOW,
      returns,
    });
  };
  /** Opens the reasons of the order of 28/11, picks "O tamanho não serviu" and confirms. */
  async function askToReturn(order: HTMLElement) {
    await app!.user.click(within(order).getByRole('button', { name: 'Solicitar devolução' }));
    const reasons = within(order).getByRole('radiogroup', { name: 'Motivo da devolução' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => text(radio.closest('label')!)),
    ).toEqual([
      'Desisti da compra',
      'O tamanho não serviu',
      'O produto veio com defeito',
      'O produto é diferente do anunciado',
      'Chegou tarde demais',
    ]);
    await app!.user.click(within(reasons).getByRole('radio', { name: 'O tamanho não serviu' }));
    await app!.user.click(within(order).getByRole('button', { name: 'Confirmar devolução' }));
  }

  it('a delivered order: choose a reason, confirm, and the order shows Devolução solicitada', async () => {
    const returns = memoryReturns({ orders: returnFulfilments, now: () => RETURN_NOW });
    renderReturns(returns);
    await settled();
    const order = await cardOf('28/11/2026');
    expect(situation(order)).toBe('Entregue');
    await askToReturn(order);
    expect((await within(order).findByRole('status')).textContent).toBe(
      'Recebemos seu pedido de devolução. O reembolso inclui o frete.',
    );
    expect(situation(order)).toBe('Devolução solicitada');
    const steps = within(within(order).getByRole('list', { name: 'Andamento do pedido' }))
      .getAllByRole('listitem')
      .map(text);
    expect(steps.at(-1)).toBe('Devolução solicitada — 10/12/2026 às 12:00');
    expect(steps).toHaveLength(5);
    expect(within(order).queryByRole('button', { name: 'Solicitar devolução' })).toBeNull();
    expect(within(order).queryByRole('radiogroup')).toBeNull();
    expect(returns.requests).toEqual([{ orderId: 'recent', reason: 'tamanho' }]);
  });

  it('while sending: "Enviando…", disabled, and a double click sends once; Voltar closes the reasons', async () => {
    const calls: Array<[string, string]> = [];
    let answer: (fulfilment: Fulfilment) => void = () => {};
    renderReturns({
      requestReturn: (orderId, reason) => {
        calls.push([orderId, reason]);
        return new Promise((resolve) => (answer = resolve));
      },
    });
    await settled();
    const order = await cardOf('28/11/2026');
    await app!.user.click(within(order).getByRole('button', { name: 'Solicitar devolução' }));
    await app!.user.click(within(order).getByRole('button', { name: 'Voltar' }));
    expect(within(order).queryByRole('radiogroup')).toBeNull();
    await app!.user.click(within(order).getByRole('button', { name: 'Solicitar devolução' }));
    await app!.user.click(within(order).getByRole('radio', { name: 'Desisti da compra' }));
    await app!.user.dblClick(within(order).getByRole('button', { name: 'Confirmar devolução' }));
    const sending = within(order).getByRole('button', { name: 'Enviando…' }) as HTMLButtonElement;
    expect(sending.disabled).toBe(true);
    expect(calls).toEqual([['recent', 'arrependimento']]);
    answer({
      ...returnFulfilments.recent,
      status: 'devolucao_solicitada',
      history: [...returnFulfilments.recent.history, { status: 'devolucao_solicitada', at: RETURN_NOW }],
      returnReason: 'arrependimento',
    });
    expect(
      await within(order).findByText('Recebemos seu pedido de devolução. O reembolso inclui o frete.'),
    ).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it("refused: the backend's message, the form kept with the reason chosen", async () => {
    // The backend's clock has moved on: by its day the window closed.
    renderReturns(memoryReturns({ orders: returnFulfilments, now: () => RETURN_NOW + 6 * DAY }));
    await settled();
    const order = await cardOf('28/11/2026');
    await askToReturn(order);
    expect((await within(order).findByRole('alert')).textContent).toBe(
      'O prazo de devolução terminou: o pedido foi entregue há 8 dias e a devolução vale por até 7 dias após a entrega (CDC, art. 49).',
    );
    expect((within(order).getByRole('radio', { name: 'O tamanho não serviu' }) as HTMLInputElement).checked).toBe(true);
    expect(within(order).getByRole('button', { name: 'Confirmar devolução' })).toBeTruthy();
    expect(situation(order)).toBe('Entregue');
  });

  it('no answer (network): our message, and the form kept for another try', async () => {
    const returns = memoryReturns({ orders: returnFulfilments, now: () => RETURN_NOW, failure: 'network' });
    renderReturns(returns);
    await settled();
    const order = await cardOf('28/11/2026');
    await askToReturn(order);
    expect((await within(order).findByRole('alert')).textContent).toBe(
      'Não foi possível solicitar a devolução agora. Tente novamente.',
    );
    returns.failWith(null);
    await app!.user.click(within(order).getByRole('button', { name: 'Confirmar devolução' }));
    expect(await within(order).findByRole('status')).toBeTruthy();
    expect(situation(order)).toBe('Devolução solicitada');
  });

  it('no button on an order delivered 8 days ago, nor on one not delivered yet', async () => {
    renderReturns(memoryReturns({ orders: returnFulfilments, now: () => RETURN_NOW }));
    await settled();
    const late = await cardOf('27/11/2026');
    expect(situation(late)).toBe('Entregue');
    expect(within(late).queryByRole('button', { name: 'Solicitar devolução' })).toBeNull();
    const shipped = await cardOf('21/11/2026');
    expect(situation(shipped)).toBe('Enviado');
    expect(within(shipped).queryByRole('button', { name: 'Solicitar devolução' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Solicitar devolução' })).toHaveLength(1);
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
