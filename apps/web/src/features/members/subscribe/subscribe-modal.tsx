import type { ArtistCard, SavedCard } from '@hfm/shared';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { usePaymentsConfig } from '../../../api/billing/get-payments-config';
import { useSavedCards } from '../../../api/billing/saved-cards';
import { Button } from '../../../ui/button';
import { CardEntry, keepFocus, useCardForm } from '../../../components/card-form';
import { useDiscardGuard } from '../../../ui/discard-changes';
import { Modal } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import type { StripeCardHandle } from '../../../components/stripe-card-entry';
import { describeCard } from '../../../components/card-label';
import { initialsOf } from '../cards';
import { useSubscribeFlow, type SubscribeFlow } from './use-subscribe-flow';
import './subscribe-modal.css';

export interface SubscribeModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  memberId: string;
  artist: { id: string; name: string; photo?: string | null };
  /** '$9.99/year'. */
  price: string;
}

const NEW_CARD = 'new';

/**
 * The subscribe modal: idle (the price, the artist, a saved card or a new one), loading, success (with
 * related artists) and error (the provider's message; the form stays). Closing forgets the attempt.
 */
export function SubscribeModal({ open, onOpenChange, memberId, artist, price }: SubscribeModalProps) {
  const flow = useSubscribeFlow(memberId, artist.id);
  const close = (next: boolean) => {
    if (next || flow.status === 'loading') return;
    onOpenChange(false);
    flow.reset();
  };
  // While the card form shows, it knows whether a card was typed: Escape and the corner × ask it first.
  const requestCloseRef = useRef<(() => void) | null>(null);
  const requestClose = (next: boolean) => {
    if (next || flow.status === 'loading') return;
    if (requestCloseRef.current) requestCloseRef.current();
    else close(false);
  };
  return (
    <Modal
      open={open}
      onOpenChange={requestClose}
      title={flow.status === 'success' ? `You subscribe to ${artist.name}` : `Subscribe to ${artist.name}`}
      description={`${price} for ${artist.name}: every song in full, and downloads you keep for good, even if you stop subscribing.`}
      hideDescription={flow.status === 'success'}
      size="medium"
      className="subscribe-modal"
    >
      <div data-state={flow.status}>
        {flow.status === 'success' && flow.answer ? (
          <SubscribeSuccess artistName={artist.name} related={flow.answer.relatedArtists} onDone={() => close(false)} />
        ) : (
          <SubscribeForm
            flow={flow}
            memberId={memberId}
            artist={artist}
            price={price}
            onCancel={() => close(false)}
            requestCloseRef={requestCloseRef}
          />
        )}
      </div>
    </Modal>
  );
}

function SubscribeForm({
  flow,
  memberId,
  artist,
  price,
  onCancel,
  requestCloseRef,
}: {
  flow: SubscribeFlow;
  memberId: string;
  artist: SubscribeModalProps['artist'];
  price: string;
  onCancel: () => void;
  requestCloseRef: RefObject<(() => void) | null>;
}) {
  const config = usePaymentsConfig();
  const cards = useSavedCards(memberId);
  const form = useCardForm();
  const stripeCard = useRef<StripeCardHandle>(null);
  const [choice, setChoice] = useState<string | null>(null);
  if (cards.isError) console.warn('The saved cards could not be loaded.', cards.error);
  const saved = cards.data ?? [];
  const chosen = choice ?? saved[0]?.paymentMethodID ?? NEW_CARD;
  const loading = flow.status === 'loading';
  // Read while rendering: react-hook-form only tracks isDirty for a form that reads it.
  const { isDirty } = form.formState;
  const guard = useDiscardGuard(
    () => chosen === NEW_CARD && isDirty,
    onCancel,
    'The card details you typed have not been used.',
  );
  useEffect(() => {
    requestCloseRef.current = guard.requestClose;
    return () => {
      requestCloseRef.current = null;
    };
  });
  const provider = config.data?.provider;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (chosen !== NEW_CARD) {
      event.preventDefault();
      void flow.payWithSavedCard(chosen);
      return;
    }
    const saved = (savedId: string | null) => {
      if (!savedId) return;
      setChoice(savedId);
      form.reset();
    };
    if (provider === 'stripe') {
      event.preventDefault();
      void flow.payWithStripeCard(() => stripeCard.current!.confirm(memberId)).then(saved);
      return;
    }
    void form.handleSubmit(async (card) => saved(await flow.payWithNewCard(card, form)))(event);
  };

  if (config.isPending || cards.isPending) {
    return (
      <p className="subscribe-modal__waiting" role="status">
        <Spinner size="small" /> Loading your cards…
      </p>
    );
  }
  return (
    <form className="subscribe-modal__form" onSubmit={submit} noValidate aria-busy={loading || undefined}>
      <div className="subscribe-modal__artist">
        <span className="subscribe-modal__photo">
          {artist.photo ? <img src={artist.photo} alt="" /> : <span aria-hidden="true">{initialsOf(artist.name)}</span>}
        </span>
        <p>
          <strong>{artist.name}</strong>
          <span className="subscribe-modal__price">{price}</span>
        </p>
      </div>
      {saved.length > 0 && <CardChoice cards={saved} chosen={chosen} onChoose={setChoice} disabled={loading} />}
      {chosen === NEW_CARD && config.data && (
        <CardEntry config={config.data} form={form} stripeCard={stripeCard} disabled={loading} />
      )}
      {flow.status === 'error' && flow.error && (
        <div className="subscribe-modal__error" role="alert">
          <p>{flow.error}</p>
          {flow.nothingCharged && <p>Nothing was charged.</p>}
        </div>
      )}
      <div className="modal__actions subscribe-modal__actions">
        <Button variant="secondary" onMouseDown={keepFocus} onClick={guard.requestClose} disabled={loading}>
          Cancel
        </Button>
        <Button type="submit" loading={loading}>
          {flow.status === 'error' ? 'Try again' : `Subscribe for ${price}`}
        </Button>
      </div>
      {guard.dialog}
    </form>
  );
}

function CardChoice({
  cards,
  chosen,
  onChoose,
  disabled,
}: {
  cards: SavedCard[];
  chosen: string;
  onChoose: (paymentMethodID: string) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="subscribe-modal__cards" disabled={disabled}>
      <legend>Pay with</legend>
      {cards.map((card) => (
        <label key={card.id} className="subscribe-modal__card">
          <input
            type="radio"
            name="payment-method"
            value={card.paymentMethodID}
            checked={chosen === card.paymentMethodID}
            onChange={() => onChoose(card.paymentMethodID)}
          />
          <span>{describeCard(card)}</span>
        </label>
      ))}
      <label className="subscribe-modal__card">
        <input
          type="radio"
          name="payment-method"
          value={NEW_CARD}
          checked={chosen === NEW_CARD}
          onChange={() => onChoose(NEW_CARD)}
        />
        <span>A new card</span>
      </label>
    </fieldset>
  );
}

function SubscribeSuccess({
  artistName,
  related,
  onDone,
}: {
  artistName: string;
  related: ArtistCard[];
  onDone: () => void;
}) {
  return (
    <div className="subscribe-modal__success">
      <p role="status">
        Every song by {artistName} now plays in full, and what you download is yours to keep. It renews in a year; you
        can cancel any time from your account.
      </p>
      {related.length > 0 && (
        <section aria-labelledby="subscribe-related-title">
          <h3 id="subscribe-related-title">Related artists</h3>
          <ul className="subscribe-modal__related">
            {related.map((card) => (
              <li key={card.id}>
                <Link to={`/a/${encodeURIComponent(card.slug)}`} onClick={onDone}>
                  <span className="subscribe-modal__photo subscribe-modal__photo--small">
                    {card.photo ? (
                      <img src={card.photo} alt="" />
                    ) : (
                      <span aria-hidden="true">{initialsOf(card.name)}</span>
                    )}
                  </span>
                  <span>{card.name}</span>
                  {card.genre && <span className="subscribe-modal__genre">{card.genre.label}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="modal__actions">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
