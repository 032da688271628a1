import type { FastifyError } from 'fastify';
import { renderMessagePage } from '../payments/payPageMarkup';
import type { StoredSession } from '../store/sessionStorePort';

/** A page with one message: its status and its HTML. */
export interface MessagePage {
  status: number;
  html: string;
}

/** Every message page of the pay page, each with a link back to the storefront. */
export function messagePages(storefrontUrl: string) {
  const page = (status: number, title: string, message: string): MessagePage => ({
    status,
    html: renderMessagePage(title, message, storefrontUrl),
  });
  return {
    unknown: page(
      404,
      'Pagamento não encontrado',
      'Não encontramos esta sessão de pagamento. Volte para a loja e finalize a compra novamente.',
    ),
    // A store outage gets a page too, not the API's JSON error.
    unavailable: page(
      503,
      'Serviço indisponível',
      'Não conseguimos abrir o pagamento agora. Tente novamente em instantes.',
    ),
    tooLarge: page(
      413,
      'Formulário grande demais',
      'Os dados enviados passam do tamanho aceito. Volte, encurte os campos e envie novamente.',
    ),
    unsupported: page(
      415,
      'Formulário não aceito',
      'Os dados chegaram num formato que esta página não lê. Volte e envie o formulário novamente.',
    ),
    badForm: page(
      400,
      'Formulário inválido',
      'Não conseguimos ler os dados enviados. Volte e envie o formulário novamente.',
    ),
    alreadyPaid: page(410, 'Pagamento já realizado', 'Este pagamento já foi concluído. Obrigado pela compra!'),
    pixExpired: page(
      410,
      'Pix expirado',
      'O prazo deste Pix terminou e ele não pode mais ser pago. Volte para a loja e finalize a compra novamente.',
    ),
    boletoExpired: page(
      410,
      'Boleto vencido',
      'Este boleto venceu e não pode mais ser pago. Volte para a loja e finalize a compra novamente.',
    ),
    sessionExpired: page(
      410,
      'Sessão expirada',
      'Esta sessão de pagamento expirou. Volte para a loja e finalize a compra novamente.',
    ),
    sessionClosed: page(
      410,
      'Sessão encerrada',
      'Esta sessão de pagamento já foi encerrada. Volte para a loja para tentar novamente.',
    ),
  };
}
export type MessagePages = ReturnType<typeof messagePages>;

/** The page of a checkout session that can no longer be paid: paid, expired (by method) or closed. */
export function finishedPage(pages: MessagePages, session: StoredSession): MessagePage {
  if (session.status === 'paid') return pages.alreadyPaid;
  if (session.status === 'expired' && session.paymentMethod === 'pix') return pages.pixExpired;
  if (session.status === 'expired' && session.paymentMethod === 'boleto') return pages.boletoExpired;
  if (session.status === 'open' || session.status === 'expired') return pages.sessionExpired;
  return pages.sessionClosed;
}

/** A refused request's page by its status: too large, a format no form sends, or unreadable; only our faults are 503. */
export function errorPage(pages: MessagePages, error: FastifyError): MessagePage {
  if (error.validation) return pages.badForm;
  const status = error.statusCode ?? 500;
  if (status === 413) return pages.tooLarge;
  if (status === 415) return pages.unsupported;
  if (status >= 400 && status < 500) return { ...pages.badForm, status };
  return pages.unavailable;
}
