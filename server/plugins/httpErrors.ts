import { Type } from '@sinclair/typebox';
import { SetErrorFunction, type ErrorFunctionParameter } from '@sinclair/typebox/errors';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { MalformedDocumentError } from '../../src/domain';
import { CatalogUnavailableError } from '../../src/adapters/catalog/catalogPort';
import { InvalidTokenError } from '../auth/tokenVerifier';
import { PaymentProviderError } from '../payments/paymentsPort';
import { StoreUnavailableError } from '../store/sessionStorePort';

/** An answer the errors plugin sends as `{ error: { code, message } }` with this status. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

export interface ErrorBody {
  error: { code: string; message: string };
}

export const errorBody = (code: string, message: string): ErrorBody => ({ error: { code, message } });

/** The JSON routes' error answers, for their response schemas (every 4xx and 5xx is one). */
export const ErrorBodySchema = Type.Object({ error: Type.Object({ code: Type.String(), message: Type.String() }) });
export const JSON_ERROR_RESPONSES = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;

interface Described {
  status: number;
  code: string;
  message: string;
}

const PAYLOAD_TOO_LARGE: Described = {
  status: 413,
  code: 'payload_too_large',
  message: 'Pedido grande demais: o corpo da requisição passa do tamanho aceito.',
};
const INVALID_JSON: Described = { status: 400, code: 'invalid_body', message: 'O corpo não é um JSON válido.' };

/**
 * A route schema's own pt-BR `errorMessage` (routes/checkout.ts); `{item}` becomes the 1-based number of the array
 * element the error is in, so the shopper reads "item 3", not "/products/2". A schema node without one still gets
 * pt-BR, never TypeBox's English. TypeBox keeps one error function per process; only this backend uses TypeBox,
 * and setting it again is harmless.
 */
function schemaMessage(error: ErrorFunctionParameter): string {
  const message: unknown = error.schema.errorMessage;
  if (typeof message !== 'string') return `Requisição inválida (${error.path || '/'}).`;
  const index = /\/(\d+)(?:\/|$)/.exec(error.path)?.[1];
  return index === undefined ? message : message.replace('{item}', String(Number(index) + 1));
}

function describeError(error: FastifyError): Described {
  if (error instanceof HttpError) return { status: error.statusCode, code: error.code, message: error.message };
  // A route schema rejected the request: its first message (schemaMessage above) says which field is wrong.
  if (error.validation) {
    return { status: 400, code: 'invalid_body', message: error.validation[0]?.message ?? 'Requisição inválida.' };
  }
  if (error instanceof InvalidTokenError)
    return { status: 401, code: 'unauthenticated', message: 'Sessão inválida ou expirada. Faça login novamente.' };
  if (error instanceof PaymentProviderError)
    return { status: 502, code: 'payment_provider_error', message: 'O provedor de pagamento falhou. Tente novamente.' };
  if (
    error instanceof CatalogUnavailableError ||
    error instanceof StoreUnavailableError ||
    error instanceof MalformedDocumentError
  ) {
    return { status: 503, code: 'unavailable', message: 'Serviço temporariamente indisponível. Tente novamente.' };
  }
  // Fastify's own limit, or a proxy's in front of it (Cloud Functions): never the generic 5xx.
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return PAYLOAD_TOO_LARGE;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'unsupported_media_type', message: 'Envie o corpo como application/json.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return INVALID_JSON;
  }
  if (error instanceof SyntaxError || error.statusCode === 400) return INVALID_JSON;
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) return { status, code: 'bad_request', message: 'Requisição inválida.' };
  return { status: 500, code: 'internal', message: 'Erro interno.' };
}

/**
 * Every error and unknown route answers JSON `{ error: { code, message } }` in pt-BR, never a stack trace or a
 * provider's detail (those go to the log). Wrapped with fastify-plugin so the handlers are the whole app's; a
 * route group with its own audience (the HTML payment page) sets its own handler inside its scope.
 */
const errors: FastifyPluginAsync = async (app) => {
  SetErrorFunction(schemaMessage);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, code, message } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code, status, detail: error.message }, 'request rejected');
    void reply.status(status).type('application/json; charset=utf-8').send(errorBody(code, message));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    void reply.status(404).send(errorBody('not_found', `Rota não encontrada: ${request.method} ${path.slice(0, 200)}`));
  });
};

export default fp(errors, { name: 'errors', fastify: '5.x' });
