import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useReceipt } from '../../api/billing/receipts';
import { errorMessage } from '../../api/server-errors';
import { Button } from '../../ui/button';
import { useDocumentTitle } from '../../ui/use-document-title';
import { formatTermDate } from './subscriptions-section';
import { RECEIPT_AMOUNT_LABELS, RECEIPT_KIND_LABELS, dollars, receiptCardText, receiptTermText } from './receipt-text';
import './receipt-page.css';

/** /members/account/receipts/{id}: one receipt, laid out to print (Print opens the browser's dialog). */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  useDocumentTitle(receipt.data ? `Receipt ${receipt.data.number}` : 'Receipt');

  return (
    <div className="receipt-page">
      <div className="receipt-page__actions">
        <Link to="/members/account">← Account</Link>
        {receipt.data && <Button onClick={() => window.print()}>Print</Button>}
      </div>
      {receipt.isPending && (
        <p className="account-page__muted" role="status">
          Loading the receipt…
        </p>
      )}
      {receipt.isError && (
        <p className="billing-error" role="alert">
          {receipt.error instanceof ApiError && receipt.error.status === 404
            ? 'No such receipt.'
            : errorMessage(receipt.error)}
        </p>
      )}
      {receipt.data && (
        <article className="receipt" aria-labelledby="receipt-title">
          <header className="receipt__header">
            <p className="receipt__brand">HFM</p>
            <h1 id="receipt-title" className="receipt__title">
              Receipt {receipt.data.number}
            </h1>
            <p className="receipt__kind">{RECEIPT_KIND_LABELS[receipt.data.kind]}</p>
          </header>
          <dl className="receipt__lines">
            <dt>Date</dt>
            <dd>{formatTermDate(receipt.data.createdAt)}</dd>
            <dt>Artist</dt>
            <dd>{receipt.data.artistName}</dd>
            <dt>Term</dt>
            <dd>{receiptTermText(receipt.data)}</dd>
            <dt>Card</dt>
            <dd>{receiptCardText(receipt.data)}</dd>
            {receipt.data.failureReason && (
              <>
                <dt>Why</dt>
                <dd>{receipt.data.failureReason}</dd>
              </>
            )}
            <dt className="receipt__total">{RECEIPT_AMOUNT_LABELS[receipt.data.kind]}</dt>
            <dd className="receipt__total">{dollars(receipt.data.amountCents)}</dd>
          </dl>
          <p className="receipt__footer">HFM · one year of an artist, every song in full, downloads you keep.</p>
        </article>
      )}
    </div>
  );
}
