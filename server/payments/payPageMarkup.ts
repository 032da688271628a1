import { createHash } from 'node:crypto';
import { formatBRL } from '../../src/domain';
import {
  ADDRESS_FIELD_LABELS,
  ADDRESS_MAX_LENGTH,
  DELIVERY_SERVICES,
  DELIVERY_SERVICE_NAMES,
  formatAddressLine,
  formatCep,
  formatDeliveryPrice,
  formatDeliveryWindow,
  UFS,
  type AddressField,
  type DeliveryQuote,
  type DeliveryServiceId,
} from '../../src/domain/delivery';
import { escapeHtml } from '../../src/domain/escapeHtml';
import { amountDue, type StoredSession } from '../store/sessionStorePort';

// The simulated provider's hosted payment page: server-rendered, pt-BR, the shop's palette. First the Entrega step
// (the address and the service, quoted by the server), then three payment sections (Cartão, Pix, Boleto). Every
// button is a POST form, so a reload or a link preview cannot pay, and the server settles at most once. The only script (a pending Pix's countdown and copy button) is static and allowed by its CSP hash.

// The shop's palette (docs/requirements.md#appearance). The pay buttons are the dark primary with a success-green edge: white text on #198754 is
// 4.3:1, under WCAG AA's 4.5:1 (axe-core in test/e2e/routes.a11y.ts).
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#F8F9FA;color:#343A40}
header{background:#212529;color:#F8F9FA;padding:20px}
header p{margin:0;font-size:1.5rem;font-weight:700}
main{max-width:640px;margin:32px auto;padding:0 16px}
h1{font-size:1.5rem;margin:0 0 8px}
.card{background:#fff;border:1px solid #E9ECEF;border-radius:8px;padding:24px}
table{width:100%;border-collapse:collapse;margin:16px 0}
th,td{padding:8px 4px;border-bottom:1px solid #E9ECEF;text-align:left}
td.num,th.num{text-align:right;white-space:nowrap}
tfoot td{font-weight:700;border-bottom:none;font-size:1.125rem}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:16px}
.actions form{margin:0}
button,a.button{font:inherit;font-weight:600;border:none;border-radius:4px;padding:12px 20px;cursor:pointer;text-decoration:none;display:inline-block}
.pay{background:#212529;color:#F8F9FA;box-shadow:inset 0 -4px 0 #198754}
.cancel{background:#E9ECEF;color:#343A40}
.decline{background:#FF6A6A;color:#212529}
a.button{background:#212529;color:#F8F9FA}
button:focus-visible,a:focus-visible{outline:3px solid #343A40;outline-offset:2px}
.note{color:#343A40;font-size:.875rem;margin-top:16px}
nav ul{list-style:none;display:flex;gap:16px;padding:0;margin:16px 0}
nav a{color:#212529;font-weight:600}
section{border-top:1px solid #E9ECEF;padding-top:16px;margin-top:16px}
h2{font-size:1.25rem;margin:0 0 8px}
label{display:block;font-weight:600;margin-bottom:4px}
input,textarea,select{font:inherit;background:#E9ECEF;color:#343A40;border:1px solid #6C757D;border-radius:4px;padding:10px;width:100%}
textarea{font-family:ui-monospace,monospace;font-size:.875rem;resize:none}
input[type=radio]{width:auto;margin:0 8px 0 0}
.field{margin-bottom:12px}
.hint{font-size:.875rem;margin:4px 0 0}
fieldset{border:1px solid #E9ECEF;border-radius:4px;padding:12px;margin:0 0 12px}
legend{font-weight:600;padding:0 4px}
.option{display:flex;align-items:baseline;flex-wrap:wrap;gap:4px 0;margin:8px 0}
.option label{display:inline;margin:0 8px 0 0}
.option .hint{flex-basis:100%;margin-left:28px}
.error{color:#212529;background:#FF6A6A;border-radius:4px;padding:8px 12px;margin:8px 0}
.qr svg{width:220px;height:220px;display:block;margin:8px 0}
.line{font-family:ui-monospace,monospace;font-size:1rem;word-break:break-all;background:#E9ECEF;padding:12px;border-radius:4px}
.card p,td{overflow-wrap:anywhere}
@media (max-width:599px){.card{padding:16px}table{font-size:.875rem}}
`;

/** The pending Pix's countdown and copy button: static, so its CSP hash is computed once. */
export const PIX_SCRIPT = `(function(){
var c=document.getElementById('pix-countdown');
if(c){var left=Number(c.getAttribute('data-seconds-left'));var end=Date.now()+left*1000;
var tick=function(){var s=Math.max(0,Math.round((end-Date.now())/1000));
c.textContent=String(Math.floor(s/60)).padStart(2,'0')+':'+String(s%60).padStart(2,'0');
if(s===0){clearInterval(t);var e=document.getElementById('pix-expired');if(e){e.hidden=false;}}};var t=setInterval(tick,1000);tick();}
var b=document.getElementById('pix-copy');var f=document.getElementById('pix-code');var st=document.getElementById('pix-copy-status');
if(b&&f){b.hidden=false;b.addEventListener('click',function(){var done=function(){if(st){st.textContent='Código Pix copiado.';}};
if(navigator.clipboard){navigator.clipboard.writeText(f.value).then(done,function(){f.select();});}else{f.select();}});}
})();`;
export const PIX_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PIX_SCRIPT).digest('base64')}'`;

function layout(title: string, body: string, script = false): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Club Clothing</title>
<style>${STYLE}</style>
</head>
<body>
<header><p>Club Clothing</p></header>
<main>${body}</main>
${script ? `<script>${PIX_SCRIPT}</script>` : ''}
</body>
</html>`;
}

export interface PayPageState {
  /** The CPF typed, kept in the form after an error. */
  cpf?: string;
  cpfError?: string;
}

/** Produtos, then Frete and Total when a delivery was quoted (Total is what the shopper pays: amountDue). */
function itemsTable(session: StoredSession): string {
  const rows = session.lineItems
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}</td><td class="num">${line.quantity}</td>` +
        `<td class="num">${escapeHtml(formatBRL(line.unitAmount / 100))}</td>` +
        `<td class="num">${escapeHtml(formatBRL((line.unitAmount * line.quantity) / 100))}</td></tr>`,
    )
    .join('\n');
  return `${session.email ? `<p>Cliente: ${escapeHtml(session.email)}</p>` : ''}
<table>
<caption class="note">Itens do pedido</caption>
<thead><tr><th scope="col">Produto</th><th scope="col" class="num">Qtd.</th><th scope="col" class="num">Preço</th><th scope="col" class="num">Subtotal</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${
  session.delivery
    ? `<tr><td colspan="3">Produtos</td><td class="num" data-testid="products-total">${escapeHtml(formatBRL(session.amountTotal / 100))}</td></tr>
<tr><td colspan="3">Frete (${escapeHtml(session.delivery.serviceName)})</td><td class="num" data-testid="frete">${escapeHtml(formatDeliveryPrice(session.delivery))}</td></tr>
`
    : ''
}<tr><td colspan="3">Total</td><td class="num" data-testid="total">${escapeHtml(formatBRL(amountDue(session) / 100))}</td></tr>
</tfoot>
</table>`;
}

const actionOf = (session: StoredSession, path: string) => `/pay/${encodeURIComponent(session.id)}/${path}`;

/** The chosen delivery on the payment step: who, where, how, and (while the session is open) the way back. */
function deliverySummary(session: StoredSession, changeable: boolean): string {
  const delivery = session.delivery;
  if (!delivery?.address) return '';
  const { address } = delivery;
  return `<section id="entrega" aria-labelledby="entrega-titulo">
<h2 id="entrega-titulo">Entrega</h2>
<p>${escapeHtml(address.recipient)}<br>${escapeHtml(formatAddressLine(address))}${address.neighborhood ? ` · ${escapeHtml(address.neighborhood)}` : ''} · CEP ${escapeHtml(formatCep(address.cep))}</p>
<p>${escapeHtml(delivery.serviceName)} · ${escapeHtml(formatDeliveryPrice(delivery))} · ${escapeHtml(formatDeliveryWindow(delivery.window))}</p>
${changeable ? `<p><a href="${actionOf(session, 'entrega')}">Alterar entrega</a></p>` : ''}
</section>`;
}

export type DeliveryFormField = AddressField | 'service';

export interface DeliveryFormState {
  /** What the form shows: the shopper's typed values after an error, else the session's address or quoted CEP. */
  values: Partial<Record<DeliveryFormField, string>>;
  errors?: Partial<Record<DeliveryFormField, string>>;
  /** The server's quote for the CEP shown, for the prices next to each service; null while no CEP is known. */
  quote: DeliveryQuote | null;
  /** A sentence above the form (e.g. a payment button pressed before the address). */
  notice?: string;
}

const TEXT_INPUTS: readonly {
  field: AddressField;
  autocomplete: string;
  inputmode?: string;
  maxlength: number;
  optional?: true;
}[] = [
  { field: 'recipient', autocomplete: 'shipping name', maxlength: ADDRESS_MAX_LENGTH },
  { field: 'cep', autocomplete: 'shipping postal-code', inputmode: 'numeric', maxlength: 10 },
  { field: 'street', autocomplete: 'shipping address-line1', maxlength: ADDRESS_MAX_LENGTH },
  { field: 'number', autocomplete: 'off', maxlength: ADDRESS_MAX_LENGTH },
  { field: 'complement', autocomplete: 'shipping address-line2', maxlength: ADDRESS_MAX_LENGTH, optional: true },
  { field: 'neighborhood', autocomplete: 'off', maxlength: ADDRESS_MAX_LENGTH },
  { field: 'city', autocomplete: 'shipping address-level2', maxlength: ADDRESS_MAX_LENGTH },
];

/** aria-invalid and aria-describedby for a field: its error first, then its hint. */
function described(field: string, error: string | undefined, hint?: string): string {
  const ids = [error ? `${field}-error` : null, hint].filter(Boolean).join(' ');
  return `${error ? ' aria-invalid="true"' : ''}${ids ? ` aria-describedby="${ids}"` : ''}`;
}
const fieldError = (field: string, error: string | undefined) =>
  error ? `<p class="error" id="${field}-error">${escapeHtml(error)}</p>` : '';

/**
 * The Entrega step: a plain POST form (no script), every field labelled, each mistake under its field, every
 * typed value kept. The prices are the server's quote for the CEP shown; submitting quotes again.
 */
export function renderDeliveryPage(session: StoredSession, state: DeliveryFormState): string {
  const errors = state.errors ?? {};
  const value = (field: DeliveryFormField) => escapeHtml(state.values[field] ?? '');
  const inputs = TEXT_INPUTS.map(({ field, autocomplete, inputmode, maxlength, optional }) => {
    const hint = optional ? `${field}-hint` : undefined;
    return `<div class="field">
<label for="${field}">${ADDRESS_FIELD_LABELS[field]}</label>
<input id="${field}" name="${field}" type="text" autocomplete="${autocomplete}"${inputmode ? ` inputmode="${inputmode}"` : ''} maxlength="${maxlength}"${optional ? '' : ' required'} value="${value(field)}"${described(field, errors[field], hint)}>
${
  optional
    ? `<p class="hint" id="${hint}">Opcional.</p>
`
    : ''
}${fieldError(field, errors[field])}
</div>`;
  }).join('\n');
  const chosenUf = state.values.uf ?? '';
  const ufOptions = [
    `<option value=""${chosenUf === '' ? ' selected' : ''}>Selecione</option>`,
    ...UFS.map((uf) => `<option value="${uf}"${chosenUf === uf ? ' selected' : ''}>${uf}</option>`),
  ].join('');
  const chosenService = state.values.service ?? 'economica';
  const services = DELIVERY_SERVICES.map((service: DeliveryServiceId) => {
    const option = state.quote?.options.find((candidate) => candidate.service === service);
    const detail = option
      ? `${formatDeliveryPrice(option)} · ${formatDeliveryWindow(option.window)}`
      : 'Informe o CEP para ver o preço e o prazo.';
    return `<div class="option">
<input type="radio" id="service-${service}" name="service" value="${service}"${chosenService === service ? ' checked' : ''} aria-describedby="service-${service}-detail">
<label for="service-${service}">${DELIVERY_SERVICE_NAMES[service]}</label>
<p class="hint" id="service-${service}-detail">${escapeHtml(detail)}</p>
</div>`;
  }).join('\n');
  const hasErrors = Object.keys(errors).length > 0;
  return layout(
    'Entrega',
    `<div class="card">
<h1>Entrega</h1>
<p>Para onde enviamos o seu pedido? Depois você escolhe como pagar.</p>
${state.notice ? `<p class="error" role="alert">${escapeHtml(state.notice)}</p>` : hasErrors ? '<p class="error" role="alert">Confira os campos destacados.</p>' : ''}
${itemsTable(session)}
<form method="post" action="${actionOf(session, 'entrega')}" novalidate>
${inputs}
<div class="field">
<label for="uf">UF</label>
<select id="uf" name="uf" required autocomplete="shipping address-level1"${described('uf', errors.uf)}>${ufOptions}</select>
${fieldError('uf', errors.uf)}
</div>
<fieldset${errors.service ? ' aria-describedby="service-error"' : ''}>
<legend>Forma de entrega</legend>
${services}
${fieldError('service', errors.service)}
</fieldset>
<div class="actions"><button type="submit" class="pay">Continuar para o pagamento</button></div>
</form>
<div class="actions"><form method="post" action="${actionOf(session, 'cancel')}"><button type="submit" class="cancel">Cancelar</button></form></div>
<p class="note">Pagamento simulado: nenhum cartão é cobrado, nenhum Pix ou boleto é real.</p>
</div>`,
  );
}

export function renderPayPage(session: StoredSession, state: PayPageState = {}): string {
  const action = (path: string) => actionOf(session, path);
  const cpfError = state.cpfError
    ? `<p class="error" id="cpf-error" role="alert">${escapeHtml(state.cpfError)}</p>`
    : '';
  return layout(
    'Pagamento',
    `<div class="card">
<h1>Pagamento</h1>
${itemsTable(session)}
${deliverySummary(session, true)}
<nav aria-label="Formas de pagamento"><ul><li><a href="#cartao">Cartão</a></li><li><a href="#pix">Pix</a></li><li><a href="#boleto">Boleto</a></li></ul></nav>
<section id="cartao" aria-labelledby="cartao-titulo">
<h2 id="cartao-titulo">Cartão</h2>
<div class="actions">
<form method="post" action="${action('pay')}"><button type="submit" class="pay">Pagar</button></form>
<form method="post" action="${action('cancel')}"><button type="submit" class="cancel">Cancelar</button></form>
<form method="post" action="${action('decline')}"><button type="submit" class="decline">Simular cartão recusado</button></form>
</div>
</section>
<section id="pix" aria-labelledby="pix-titulo">
<h2 id="pix-titulo">Pix</h2>
<p>Pague na hora com o app do seu banco: mostramos o código Pix e o QR Code.</p>
<form method="post" action="${action('pix')}"><button type="submit" class="pay">Pagar com Pix</button></form>
</section>
<section id="boleto" aria-labelledby="boleto-titulo">
<h2 id="boleto-titulo">Boleto</h2>
<form method="post" action="${action('boleto')}" novalidate>
<label for="cpf">CPF</label>
<input id="cpf" name="cpf" inputmode="numeric" autocomplete="off" maxlength="20" required value="${escapeHtml(state.cpf ?? '')}"${state.cpfError ? ' aria-invalid="true" aria-describedby="cpf-error"' : ''}>
${cpfError}
<div class="actions"><button type="submit" class="pay">Gerar boleto</button></div>
</form>
</section>
<p class="note">Pagamento simulado: nenhum cartão é cobrado, nenhum Pix ou boleto é real.</p>
</div>`,
  );
}

function formatCountdown(seconds: number): string {
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A pending Pix: the "copia e cola" code, its QR code (inline SVG from `qrcode`), the countdown, the simulate button. */
export function renderPixPending(session: StoredSession, qrSvg: string, now: number): string {
  const pix = session.pix!;
  const secondsLeft = Math.max(0, Math.ceil((pix.expiresAt - now) / 1000));
  return layout(
    'Pagamento com Pix',
    `<div class="card">
<h1>Pagamento com Pix</h1>
${itemsTable(session)}
${deliverySummary(session, false)}
<section aria-labelledby="pix-titulo">
<h2 id="pix-titulo">Pix</h2>
<p>Escaneie o QR Code ou copie o código no app do seu banco.</p>
<div class="qr" role="img" aria-label="QR Code do Pix">${qrSvg}</div>
<label for="pix-code">Pix copia e cola</label>
<textarea id="pix-code" rows="4" readonly>${escapeHtml(pix.copyPaste)}</textarea>
<div class="actions"><button type="button" id="pix-copy" class="cancel" hidden>Copiar código</button></div>
<p id="pix-copy-status" role="status" aria-live="polite"></p>
<p>Expira em <strong><span id="pix-countdown" data-seconds-left="${secondsLeft}" role="timer">${formatCountdown(secondsLeft)}</span></strong>.</p>
<p id="pix-expired" class="error" hidden>O prazo deste Pix terminou. Volte para a loja e finalize a compra novamente.</p>
<form method="post" action="${actionOf(session, 'pix-paid')}"><button type="submit" class="pay">Simular pagamento do Pix</button></form>
</section>
<p class="note">Pagamento simulado: nenhum Pix é real.</p>
</div>`,
    true,
  );
}

/** A boleto issued: the linha digitável, the way back to the shop (order pending) and the simulated compensation. */
export function renderBoletoPending(session: StoredSession): string {
  const boleto = session.boleto!;
  const due = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(
    boleto.dueAt,
  );
  return layout(
    'Boleto gerado',
    `<div class="card">
<h1>Boleto gerado</h1>
${itemsTable(session)}
${deliverySummary(session, false)}
<section aria-labelledby="boleto-titulo">
<h2 id="boleto-titulo">Boleto</h2>
<p>Pague até ${escapeHtml(due)}. Seu pedido fica pendente até a compensação.</p>
<p><strong>Linha digitável</strong></p>
<p class="line" id="boleto-line">${escapeHtml(boleto.line)}</p>
<div class="actions">
<a class="button" href="${escapeHtml(session.successUrl)}">Voltar para a loja</a>
<form method="post" action="${actionOf(session, 'boleto-paid')}"><button type="submit" class="pay">Simular compensação do boleto</button></form>
</div>
</section>
<p class="note">Pagamento simulado: nenhum boleto é real.</p>
</div>`,
  );
}

export function renderMessagePage(title: string, message: string, storefrontUrl: string): string {
  return layout(
    title,
    `<div class="card">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a class="button" href="${escapeHtml(storefrontUrl)}/">Voltar para a loja</a></p>
</div>`,
  );
}
