import { useState } from 'react';
import { Link } from 'react-router';
import { useMemberReceipts } from '../../api/billing/receipts';
import { errorMessage } from '../../api/server-errors';
import { Pagination } from '../../ui/pagination';
import { RECEIPT_KIND_LABELS, amountText, receiptPath } from './receipt-text';
import { formatTermDate } from './subscriptions-section';

/** Every charge, renewal, refund and refused renewal, newest first, each with its printable receipt. */
export function PaymentsSection({ memberId }: { memberId: string }) {
  const [page, setPage] = useState(1);
  const receipts = useMemberReceipts(memberId, page);
  const list = receipts.data?.items ?? [];
  const pagination = receipts.data?.pagination;

  return (
    <section className="surface-card account-card" aria-labelledby="account-payments-heading">
      <h2 id="account-payments-heading">Payments</h2>
      {receipts.isPending && (
        <p className="account-page__muted" role="status">
          Loading your payments…
        </p>
      )}
      {receipts.isError && (
        <p className="billing-error" role="alert">
          {errorMessage(receipts.error)}
        </p>
      )}
      {receipts.isSuccess && list.length === 0 && <p className="account-page__muted">No payments yet.</p>}
      {list.length > 0 && (
        <ul className="billing-list" aria-label="Your payments">
          {list.map((receipt) => (
            <li key={receipt.id} className="billing-list__item">
              <div className="billing-list__text">
                <strong>{receipt.artistName}</strong>
                <span className="account-page__muted">
                  <span className="billing-status">{RECEIPT_KIND_LABELS[receipt.kind]}</span> ·{' '}
                  {formatTermDate(receipt.createdAt)} · {receipt.number}
                </span>
              </div>
              <div className="billing-payment__end">
                <span className="billing-payment__amount">{amountText(receipt)}</span>
                <Link
                  className="billing-payment__receipt"
                  to={receiptPath(receipt.id)}
                  aria-label={`Receipt ${receipt.number}`}
                >
                  Receipt
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pagination && (
        <Pagination
          page={pagination.page}
          pageCount={pagination.pageCount}
          hasMore={pagination.hasMore}
          onPageChange={setPage}
          label="Payments pages"
        />
      )}
    </section>
  );
}
