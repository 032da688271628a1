import { createHash } from 'node:crypto';
import type { ReactNode } from 'react';

// The shop's palette. The pay buttons are the dark primary with a success-green edge: white text on #198754 is
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

/**
 * Every pay page: the shop's header and one card. The style sheet is inline (the page's CSP allows inline
 * styles); the only script is PIX_SCRIPT, byte for byte, so its hash matches the CSP of the pending Pix page.
 */
export function PayPageLayout({
  title,
  script = false,
  children,
}: {
  title: string;
  script?: boolean;
  children: ReactNode;
}) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · Club Clothing`}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <header>
          <p>Club Clothing</p>
        </header>
        <main>
          <div className="card">{children}</div>
        </main>
        {script ? <script dangerouslySetInnerHTML={{ __html: PIX_SCRIPT }} /> : null}
      </body>
    </html>
  );
}

/** The sentence under every card: nothing here is a real payment. */
export function SimulatedNote({ children }: { children: string }) {
  return <p className="note">{children}</p>;
}
