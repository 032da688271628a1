import type { GoogleAccount } from './authPort';

/** Demo accounts offered by the offline chooser (the Auth emulator accepts any Google identity). */
export const DEMO_GOOGLE_ACCOUNTS: readonly GoogleAccount[] = [
  { name: 'Ana Souza', email: 'ana.souza@example.com' },
  { name: 'Bruno Lima', email: 'bruno.lima@example.com' },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const STYLE = `
.club-google-chooser { border: 1px solid #ccc; border-radius: 8px; padding: 24px; max-width: 360px; width: calc(100% - 32px);
  font-family: inherit; color: #1a1a1a; background: #fff; }
.club-google-chooser::backdrop { background: rgba(0, 0, 0, 0.5); }
.club-google-chooser h2 { margin: 0 0 4px; font-size: 1.25rem; }
.club-google-chooser p { margin: 0 0 16px; color: #555; }
.club-google-chooser ul { list-style: none; margin: 0 0 12px; padding: 0; }
.club-google-chooser li button, .club-google-chooser .club-other { display: block; width: 100%; text-align: left; padding: 10px 12px;
  margin-bottom: 8px; border: 1px solid #ddd; border-radius: 6px; background: #fff; cursor: pointer; font: inherit; }
.club-google-chooser li button span { display: block; font-size: 0.85rem; color: #555; }
.club-google-chooser button:focus-visible, .club-google-chooser input:focus-visible { outline: 2px solid #000; outline-offset: 2px; }
.club-google-chooser label { display: block; margin-bottom: 12px; }
.club-google-chooser input { display: block; width: 100%; box-sizing: border-box; padding: 8px; margin-top: 4px; font: inherit; }
.club-google-chooser .club-error { color: #b00020; min-height: 1.2em; }
.club-google-chooser .club-actions { display: flex; gap: 8px; justify-content: flex-end; margin-top: 8px; }
.club-google-chooser .club-actions button { padding: 8px 16px; font: inherit; cursor: pointer; }
`;

/**
 * The offline stand-in for Google's account chooser (local mode only): a native modal <dialog> in pt-BR with
 * the demo accounts and "Usar outra conta" (name + e-mail). Resolves with the chosen account, or null when
 * the shopper cancels (Cancelar, Esc).
 */
export function chooseLocalGoogleAccount(
  options: { document?: Document; accounts?: readonly GoogleAccount[] } = {},
): Promise<GoogleAccount | null> {
  const doc = options.document ?? document;
  const accounts = options.accounts ?? DEMO_GOOGLE_ACCOUNTS;
  return new Promise((resolve) => {
    const previousFocus = doc.activeElement as HTMLElement | null;
    const style = el(doc, 'style', {}, STYLE);
    const title = el(doc, 'h2', { id: 'club-google-chooser-title' }, 'Escolha uma conta');
    const subtitle = el(
      doc,
      'p',
      { id: 'club-google-chooser-desc' },
      'para continuar no Club Clothing (conta Google de demonstração)',
    );
    const dialog = el(doc, 'dialog', {
      class: 'club-google-chooser',
      'aria-labelledby': title.id,
      'aria-describedby': subtitle.id,
    });

    let settled = false;
    const finish = (account: GoogleAccount | null) => {
      if (settled) return;
      settled = true;
      if (dialog.open) dialog.close();
      dialog.remove();
      style.remove();
      previousFocus?.focus?.();
      resolve(account);
    };

    const list = el(doc, 'ul', { 'aria-label': 'Contas' });
    for (const account of accounts) {
      const button = el(doc, 'button', { type: 'button' }, account.name, el(doc, 'span', {}, account.email));
      button.addEventListener('click', () => finish({ ...account }));
      list.append(el(doc, 'li', {}, button));
    }

    const nameInput = el(doc, 'input', { id: 'club-google-name', name: 'name', autocomplete: 'name', required: '' });
    const emailInput = el(doc, 'input', {
      id: 'club-google-email',
      name: 'email',
      type: 'email',
      autocomplete: 'email',
      required: '',
    });
    const error = el(doc, 'p', { class: 'club-error', role: 'alert' });
    const form = el(
      doc,
      'form',
      { hidden: '', 'aria-label': 'Outra conta', novalidate: '' },
      el(doc, 'label', { for: nameInput.id }, 'Nome', nameInput),
      el(doc, 'label', { for: emailInput.id }, 'E-mail', emailInput),
      error,
      el(doc, 'div', { class: 'club-actions' }, el(doc, 'button', { type: 'submit' }, 'Continuar')),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const name = nameInput.value.trim();
      const email = emailInput.value.trim();
      if (!name) error.textContent = 'Informe o nome.';
      else if (!EMAIL.test(email)) error.textContent = 'Por favor, insira um e-mail válido.';
      else finish({ name, email });
    });

    const other = el(
      doc,
      'button',
      { type: 'button', class: 'club-other', 'aria-expanded': 'false' },
      'Usar outra conta',
    );
    other.addEventListener('click', () => {
      form.hidden = false;
      other.setAttribute('aria-expanded', 'true');
      nameInput.focus();
    });

    const cancel = el(doc, 'button', { type: 'button' }, 'Cancelar');
    cancel.addEventListener('click', () => finish(null));
    // Esc fires `cancel` then closes the dialog; `close` also covers any other way it gets closed.
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      finish(null);
    });
    dialog.addEventListener('close', () => finish(null));

    dialog.append(title, subtitle, list, other, form, el(doc, 'div', { class: 'club-actions' }, cancel));
    doc.head.append(style);
    doc.body.append(dialog);
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    (list.querySelector('button') ?? other).focus();
  });
}
