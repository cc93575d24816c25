import type { HeroArtist, SubscriptionOffer as Offer } from '@hfm/shared';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { loginHref, rememberReturnPath } from '../../ui/return-address';
import { useViewer } from './viewer';

/** '$9.99/year' from the offer's cents. */
export function formatYearlyPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}/year`;
}

/**
 * The price and what the viewer can do about it. Signed out, Subscribe goes to /login and comes back here
 * (also through sign-up). A fan sees a dialog: paying by card is the next release's (issue 8), so the
 * button explains that rather than doing nothing. A subscriber sees 'Subscribed'.
 */
export function SubscribeOffer({ artist, offer }: { artist: Pick<HeroArtist, 'id' | 'name'>; offer: Offer }) {
  const viewer = useViewer();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const price = formatYearlyPrice(offer.priceCents);
  const subscribed = offer.subscribed || viewer.subscribesTo(artist.id);

  let action;
  if (subscribed) {
    action = (
      <span className="subscribe-offer__subscribed" role="status">
        <span aria-hidden="true">✓</span> Subscribed
      </span>
    );
  } else if (!offer.available) {
    action = <span className="subscribe-offer__note">{artist.name} is not taking new subscribers.</span>;
  } else if (viewer.pending) {
    action = <Button loading>Subscribe</Button>;
  } else if (!viewer.user) {
    const here = `${pathname}${search}`;
    action = (
      <Button
        onClick={() => {
          rememberReturnPath(here);
          window.location.assign(loginHref(here));
        }}
      >
        Subscribe
      </Button>
    );
  } else if (viewer.isMember) {
    action = <Button onClick={() => setOpen(true)}>Subscribe</Button>;
  } else {
    action = <span className="subscribe-offer__note">Fans subscribe here with a fan account.</span>;
  }

  return (
    <div className="subscribe-offer">
      <p className="subscribe-offer__price">
        <strong>{price}</strong>
        <span>Every song in full, downloads you keep.</span>
      </p>
      {action}
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`Subscribe to ${artist.name}`}
        description={`${price} for ${artist.name}: every song in full, and downloads you keep for good, even if you stop subscribing.`}
        size="small"
      >
        <p className="subscribe-offer__soon">
          Subscribing by card opens with the next HFM release. Until then, previews play here, and the songs{' '}
          {artist.name} shares in full play in full.
        </p>
        <div className="discover-dialog__actions">
          <Button onClick={() => setOpen(false)}>Got it</Button>
        </div>
      </Modal>
    </div>
  );
}
