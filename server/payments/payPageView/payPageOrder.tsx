import { formatBRL } from '../../../src/domain';
import { formatAddressLine, formatCep, formatDeliveryPrice, formatDeliveryWindow } from '../../../src/domain/delivery';
import { amountDue, type StoredSession } from '../../store/sessionStorePort';

/** Where a form of the page posts: `/pay/<session id>/<action>`. */
export const actionOf = (session: StoredSession, path: string) => `/pay/${encodeURIComponent(session.id)}/${path}`;

/** One button in a POST form of its own: a reload or a link preview cannot press it. */
export function PostButton({ action, className, children }: { action: string; className: string; children: string }) {
  return (
    <form method="post" action={action}>
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}

/** Produtos, then Frete and Total when a delivery was quoted (Total is what the shopper pays: amountDue). */
export function ItemsTable({ session }: { session: StoredSession }) {
  const { delivery } = session;
  return (
    <>
      {session.email ? <p>Cliente: {session.email}</p> : null}
      <table>
        <caption className="note">Itens do pedido</caption>
        <thead>
          <tr>
            <th scope="col">Produto</th>
            <th scope="col" className="num">
              Qtd.
            </th>
            <th scope="col" className="num">
              Preço
            </th>
            <th scope="col" className="num">
              Subtotal
            </th>
          </tr>
        </thead>
        <tbody>
          {session.lineItems.map((line, index) => (
            <tr key={index}>
              <td>{line.name}</td>
              <td className="num">{line.quantity}</td>
              <td className="num">{formatBRL(line.unitAmount / 100)}</td>
              <td className="num">{formatBRL((line.unitAmount * line.quantity) / 100)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {delivery ? (
            <>
              <tr>
                <td colSpan={3}>Produtos</td>
                <td className="num" data-testid="products-total">
                  {formatBRL(session.amountTotal / 100)}
                </td>
              </tr>
              <tr>
                <td colSpan={3}>Frete ({delivery.serviceName})</td>
                <td className="num" data-testid="frete">
                  {formatDeliveryPrice(delivery)}
                </td>
              </tr>
            </>
          ) : null}
          <tr>
            <td colSpan={3}>Total</td>
            <td className="num" data-testid="total">
              {formatBRL(amountDue(session) / 100)}
            </td>
          </tr>
        </tfoot>
      </table>
    </>
  );
}

/** The chosen delivery on the payment step: who, where, how, and (while the session is open) the way back. */
export function DeliverySummary({ session, changeable }: { session: StoredSession; changeable: boolean }) {
  const delivery = session.delivery;
  if (!delivery?.address) return null;
  const { address } = delivery;
  return (
    <section id="entrega" aria-labelledby="entrega-titulo">
      <h2 id="entrega-titulo">Entrega</h2>
      <p>
        {address.recipient}
        <br />
        {formatAddressLine(address)}
        {address.neighborhood ? ` · ${address.neighborhood}` : ''} · CEP {formatCep(address.cep)}
      </p>
      <p>
        {delivery.serviceName} · {formatDeliveryPrice(delivery)} · {formatDeliveryWindow(delivery.window)}
      </p>
      {changeable ? (
        <p>
          <a href={actionOf(session, 'entrega')}>Alterar entrega</a>
        </p>
      ) : null}
    </section>
  );
}
