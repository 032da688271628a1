import type { StoredSession } from '../../store/sessionStorePort';
import { PayPageLayout, SimulatedNote } from './payPageLayout';
import { actionOf, DeliverySummary, ItemsTable, PostButton } from './payPageOrder';

export interface PayPageState {
  /** The CPF typed, kept in the form after an error. */
  cpf?: string;
  cpfError?: string;
}

/** Boleto: the CPF (kept with its message after a mistake) and Gerar boleto. */
function BoletoSection({ session, state }: { session: StoredSession; state: PayPageState }) {
  return (
    <section id="boleto" aria-labelledby="boleto-titulo">
      <h2 id="boleto-titulo">Boleto</h2>
      <form method="post" action={actionOf(session, 'boleto')} noValidate>
        <label htmlFor="cpf">CPF</label>
        <input
          id="cpf"
          name="cpf"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          required
          defaultValue={state.cpf ?? ''}
          aria-invalid={state.cpfError ? 'true' : undefined}
          aria-describedby={state.cpfError ? 'cpf-error' : undefined}
        />
        {state.cpfError ? (
          <p className="error" id="cpf-error" role="alert">
            {state.cpfError}
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" className="pay">
            Gerar boleto
          </button>
        </div>
      </form>
    </section>
  );
}

/** Cartão, Pix and Boleto: every button a POST form; the boleto asks for a CPF first. */
export function PaymentStep({ session, state }: { session: StoredSession; state: PayPageState }) {
  const action = (path: string) => actionOf(session, path);
  return (
    <PayPageLayout title="Pagamento">
      <h1>Pagamento</h1>
      <ItemsTable session={session} />
      <DeliverySummary session={session} changeable />
      <nav aria-label="Formas de pagamento">
        <ul>
          <li>
            <a href="#cartao">Cartão</a>
          </li>
          <li>
            <a href="#pix">Pix</a>
          </li>
          <li>
            <a href="#boleto">Boleto</a>
          </li>
        </ul>
      </nav>
      <section id="cartao" aria-labelledby="cartao-titulo">
        <h2 id="cartao-titulo">Cartão</h2>
        <div className="actions">
          <PostButton action={action('pay')} className="pay">
            Pagar
          </PostButton>
          <PostButton action={action('cancel')} className="cancel">
            Cancelar
          </PostButton>
          <PostButton action={action('decline')} className="decline">
            Simular cartão recusado
          </PostButton>
        </div>
      </section>
      <section id="pix" aria-labelledby="pix-titulo">
        <h2 id="pix-titulo">Pix</h2>
        <p>Pague na hora com o app do seu banco: mostramos o código Pix e o QR Code.</p>
        <PostButton action={action('pix')} className="pay">
          Pagar com Pix
        </PostButton>
      </section>
      <BoletoSection session={session} state={state} />
      <SimulatedNote>Pagamento simulado: nenhum cartão é cobrado, nenhum Pix ou boleto é real.</SimulatedNote>
    </PayPageLayout>
  );
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A pending Pix: the "copia e cola" code, its QR code (inline SVG from `qrcode`), the countdown, the simulate button. */
export function PixPending({ session, qrSvg, now }: { session: StoredSession; qrSvg: string; now: number }) {
  const pix = session.pix!;
  const secondsLeft = Math.max(0, Math.ceil((pix.expiresAt - now) / 1000));
  return (
    <PayPageLayout title="Pagamento com Pix" script>
      <h1>Pagamento com Pix</h1>
      <ItemsTable session={session} />
      <DeliverySummary session={session} changeable={false} />
      <section aria-labelledby="pix-titulo">
        <h2 id="pix-titulo">Pix</h2>
        <p>Escaneie o QR Code ou copie o código no app do seu banco.</p>
        {/* The SVG is `qrcode`'s own markup for the code, not shopper input. */}
        <div className="qr" role="img" aria-label="QR Code do Pix" dangerouslySetInnerHTML={{ __html: qrSvg }} />
        <label htmlFor="pix-code">Pix copia e cola</label>
        <textarea id="pix-code" rows={4} readOnly defaultValue={pix.copyPaste} />
        <div className="actions">
          <button type="button" id="pix-copy" className="cancel" hidden>
            Copiar código
          </button>
        </div>
        <p id="pix-copy-status" role="status" aria-live="polite"></p>
        <p>
          Expira em{' '}
          <strong>
            <span id="pix-countdown" data-seconds-left={secondsLeft} role="timer">
              {`${twoDigits(Math.floor(secondsLeft / 60))}:${twoDigits(secondsLeft % 60)}`}
            </span>
          </strong>
          .
        </p>
        <p id="pix-expired" className="error" hidden>
          O prazo deste Pix terminou. Volte para a loja e finalize a compra novamente.
        </p>
        <PostButton action={actionOf(session, 'pix-paid')} className="pay">
          Simular pagamento do Pix
        </PostButton>
      </section>
      <SimulatedNote>Pagamento simulado: nenhum Pix é real.</SimulatedNote>
    </PayPageLayout>
  );
}

/** A boleto issued: the linha digitável, the way back to the shop (order pending) and the simulated compensation. */
export function BoletoPending({ session }: { session: StoredSession }) {
  const boleto = session.boleto!;
  const due = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(
    boleto.dueAt,
  );
  return (
    <PayPageLayout title="Boleto gerado">
      <h1>Boleto gerado</h1>
      <ItemsTable session={session} />
      <DeliverySummary session={session} changeable={false} />
      <section aria-labelledby="boleto-titulo">
        <h2 id="boleto-titulo">Boleto</h2>
        <p>Pague até {due}. Seu pedido fica pendente até a compensação.</p>
        <p>
          <strong>Linha digitável</strong>
        </p>
        <p className="line" id="boleto-line">
          {boleto.line}
        </p>
        <div className="actions">
          <a className="button" href={session.successUrl}>
            Voltar para a loja
          </a>
          <PostButton action={actionOf(session, 'boleto-paid')} className="pay">
            Simular compensação do boleto
          </PostButton>
        </div>
      </section>
      <SimulatedNote>Pagamento simulado: nenhum boleto é real.</SimulatedNote>
    </PayPageLayout>
  );
}

/** A page with one message and the way back to the shop: not found, expired, already paid, a refused form. */
export function MessagePage({
  title,
  message,
  storefrontUrl,
}: {
  title: string;
  message: string;
  storefrontUrl: string;
}) {
  return (
    <PayPageLayout title={title}>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a className="button" href={`${storefrontUrl}/`}>
          Voltar para a loja
        </a>
      </p>
    </PayPageLayout>
  );
}
