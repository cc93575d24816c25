import type { SavedCard } from '@hfm/shared';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { usePaymentsConfig } from '../../api/billing/get-payments-config';
import { useAttachCard, useRemoveSavedCard, useSaveLocalCard, useSavedCards } from '../../api/billing/saved-cards';
import { errorMessage } from '../../api/server-errors';
import { Button } from '../../ui/button';
import { CardEntry, keepFocus, showServerCardErrors, useCardForm } from '../../components/card-form';
import { brandName, cardExpiry, describeCard } from '../../components/card-label';
import { ConfirmDelete } from '../../ui/confirm-delete';
import type { StripeCardHandle } from '../../components/stripe-card-entry';

export const CARD_SAVED = 'Card saved.';
export const CARD_REMOVED = 'Card removed.';

/** Saved cards: brand, last four and expiry; add one; remove one (the server refuses a card that pays a renewal). */
export function SavedCardsSection({ memberId }: { memberId: string }) {
  const cards = useSavedCards(memberId);
  const [adding, setAdding] = useState(false);
  if (cards.isError) console.warn('The saved cards could not be loaded.', cards.error);
  return (
    <section className="surface-card account-card" aria-labelledby="account-cards-heading">
      <h2 id="account-cards-heading">Saved cards</h2>
      {cards.isPending ? (
        <p className="account-page__muted" role="status">
          Loading your cards…
        </p>
      ) : (
        <CardList memberId={memberId} cards={cards.data ?? []} />
      )}
      {adding ? (
        <AddCardForm memberId={memberId} onDone={() => setAdding(false)} />
      ) : (
        <div className="account-actions account-actions--start">
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add a card
          </Button>
        </div>
      )}
    </section>
  );
}

function CardList({ memberId, cards }: { memberId: string; cards: SavedCard[] }) {
  const remove = useRemoveSavedCard(memberId);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (cards.length === 0) {
    return <p className="account-page__muted">No saved cards yet. The card you subscribe with is kept here.</p>;
  }
  const removeCard = async (card: SavedCard) => {
    setRefusal(null);
    try {
      await remove.mutateAsync(card.id);
      toast.success(CARD_REMOVED);
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };
  return (
    <>
      <ul className="billing-list" aria-label="Your saved cards">
        {cards.map((card) => (
          <li key={card.id} className="billing-list__item">
            <div className="billing-list__text">
              <strong>
                {brandName(card.brand)} ending in {card.last4}
              </strong>
              <span className="account-page__muted">
                Expires {cardExpiry(card)} · {card.cardName}
              </span>
            </div>
            <ConfirmDelete
              className="billing-list__action"
              label={`Remove ${describeCard(card)}`}
              text="Remove this card?"
              onConfirm={() => removeCard(card)}
            >
              Remove
            </ConfirmDelete>
          </li>
        ))}
      </ul>
      {refusal && (
        <p className="billing-error" role="alert">
          {refusal}
        </p>
      )}
    </>
  );
}

function AddCardForm({ memberId, onDone }: { memberId: string; onDone: () => void }) {
  const config = usePaymentsConfig();
  const form = useCardForm();
  const stripeCard = useRef<StripeCardHandle>(null);
  const saveLocal = useSaveLocalCard(memberId);
  const attach = useAttachCard(memberId);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = saveLocal.isPending || attach.isPending || confirming;

  const done = async (save: () => Promise<unknown>) => {
    setFailure(null);
    try {
      if ((await save()) === null) return;
      toast.success(CARD_SAVED);
      onDone();
    } catch (error) {
      if (!showServerCardErrors(form, error)) setFailure(errorMessage(error));
    }
  };
  const saveStripeCard = async () => {
    setConfirming(true);
    try {
      const card = await stripeCard.current!.confirm(memberId);
      return card && (await attach.mutateAsync(card));
    } finally {
      setConfirming(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (config.data?.provider === 'stripe') {
      event.preventDefault();
      void done(saveStripeCard);
      return;
    }
    void form.handleSubmit((card) => done(() => saveLocal.mutateAsync(card)))(event);
  };

  return (
    <form className="billing-add-card" onSubmit={submit} noValidate aria-label="Add a card">
      {config.data && <CardEntry config={config.data} form={form} stripeCard={stripeCard} disabled={busy} />}
      {failure && (
        <p className="billing-error" role="alert">
          {failure}
        </p>
      )}
      <div className="account-actions">
        <Button variant="secondary" onMouseDown={keepFocus} onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={!config.data}>
          Save card
        </Button>
      </div>
    </form>
  );
}
