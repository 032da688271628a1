import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { StoredSession } from '../store/sessionStorePort';
import { DeliveryStep, type DeliveryFormState } from './payPageView/payPageDeliveryStep';
import { BoletoPending, MessagePage, PaymentStep, PixPending, type PayPageState } from './payPageView/payPageMethods';

// The simulated provider's hosted payment page: server-rendered by React (payPageView/), pt-BR, the shop's palette.
// First the Entrega step (the address and the service, quoted by the server), then three payment sections
// (Cartão, Pix, Boleto). Every button is a POST form, so a reload or a link preview cannot pay, and the server
// settles at most once. The only script (a pending Pix's countdown and copy button) is static and allowed by its
// CSP hash (PIX_SCRIPT_HASH); React escapes every text and attribute.

export { PIX_SCRIPT, PIX_SCRIPT_HASH } from './payPageView/payPageLayout';
export type { DeliveryFormField, DeliveryFormState } from './payPageView/payPageDeliveryStep';
export type { PayPageState } from './payPageView/payPageMethods';

const page = <P extends object>(component: FunctionComponent<P>, props: P) =>
  `<!doctype html>\n${renderToStaticMarkup(createElement(component, props))}`;

export const renderDeliveryPage = (session: StoredSession, state: DeliveryFormState) =>
  page(DeliveryStep, { session, state });

export const renderPayPage = (session: StoredSession, state: PayPageState = {}) =>
  page(PaymentStep, { session, state });

export const renderPixPending = (session: StoredSession, qrSvg: string, now: number) =>
  page(PixPending, { session, qrSvg, now });

export const renderBoletoPending = (session: StoredSession) => page(BoletoPending, { session });

export const renderMessagePage = (title: string, message: string, storefrontUrl: string) =>
  page(MessagePage, { title, message, storefrontUrl });
