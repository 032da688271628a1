import { formatBRL } from '../../src/domain';
import type { StoredSession } from '../store/port';

// The simulated provider's hosted payment page: server-rendered, no script, pt-BR, the shop's palette.
// Every button is a POST form, so a reload or a link preview cannot pay, and the server settles at most once.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);
}

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
.pay{background:#198754;color:#F8F9FA}
.cancel{background:#E9ECEF;color:#343A40}
.decline{background:#FF6A6A;color:#212529}
a.button{background:#212529;color:#F8F9FA}
button:focus-visible,a:focus-visible{outline:3px solid #343A40;outline-offset:2px}
.note{color:#343A40;font-size:.875rem;margin-top:16px}
`;

function layout(title: string, body: string): string {
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
</body>
</html>`;
}

export function renderPayPage(session: StoredSession): string {
  const rows = session.lineItems
    .map(
      (line) => `<tr><td>${escapeHtml(line.name)}</td><td class="num">${line.quantity}</td>` +
        `<td class="num">${escapeHtml(formatBRL(line.unitAmount / 100))}</td>` +
        `<td class="num">${escapeHtml(formatBRL((line.unitAmount * line.quantity) / 100))}</td></tr>`,
    )
    .join('\n');
  const action = (path: string) => `/pay/${encodeURIComponent(session.id)}/${path}`;
  return layout(
    'Pagamento',
    `<div class="card">
<h1>Pagamento</h1>
${session.email ? `<p>Cliente: ${escapeHtml(session.email)}</p>` : ''}
<table>
<caption class="note">Itens do pedido</caption>
<thead><tr><th scope="col">Produto</th><th scope="col" class="num">Qtd.</th><th scope="col" class="num">Preço</th><th scope="col" class="num">Subtotal</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><td colspan="3">Total</td><td class="num" data-testid="total">${escapeHtml(formatBRL(session.amountTotal / 100))}</td></tr></tfoot>
</table>
<div class="actions">
<form method="post" action="${action('pay')}"><button type="submit" class="pay">Pagar</button></form>
<form method="post" action="${action('cancel')}"><button type="submit" class="cancel">Cancelar</button></form>
<form method="post" action="${action('decline')}"><button type="submit" class="decline">Simular cartão recusado</button></form>
</div>
<p class="note">Pagamento simulado: nenhum cartão é cobrado.</p>
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
