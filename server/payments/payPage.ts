import { createHash } from 'node:crypto';
import { formatBRL } from '../../src/domain';
import type { StoredSession } from '../store/port';

// The simulated provider's hosted payment page: server-rendered, pt-BR, the shop's palette, three sections (Cartão,
// Pix, Boleto). Every button is a POST form, so a reload or a link preview cannot pay, and the server settles at most
// once. The only script (a pending Pix's countdown and copy button) is static and allowed by its CSP hash.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);
}

// SPEC's palette. The pay buttons are the dark primary with a success-green edge: white text on #198754 is
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
input,textarea{font:inherit;background:#E9ECEF;color:#343A40;border:1px solid #6C757D;border-radius:4px;padding:10px;width:100%}
textarea{font-family:ui-monospace,monospace;font-size:.875rem;resize:none}
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

function itemsTable(session: StoredSession): string {
  const rows = session.lineItems
    .map(
      (line) => `<tr><td>${escapeHtml(line.name)}</td><td class="num">${line.quantity}</td>` +
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
<tfoot><tr><td colspan="3">Total</td><td class="num" data-testid="total">${escapeHtml(formatBRL(session.amountTotal / 100))}</td></tr></tfoot>
</table>`;
}

const actionOf = (session: StoredSession, path: string) => `/pay/${encodeURIComponent(session.id)}/${path}`;

export function renderPayPage(session: StoredSession, state: PayPageState = {}): string {
  const action = (path: string) => actionOf(session, path);
  const cpfError = state.cpfError ? `<p class="error" id="cpf-error" role="alert">${escapeHtml(state.cpfError)}</p>` : '';
  return layout(
    'Pagamento',
    `<div class="card">
<h1>Pagamento</h1>
${itemsTable(session)}
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
  const due = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(boleto.dueAt);
  return layout(
    'Boleto gerado',
    `<div class="card">
<h1>Boleto gerado</h1>
${itemsTable(session)}
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
