import { formatUsd, type HeroArtist, type SubscriptionOffer as Offer } from '@hfm/shared';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useMemberSubscriptions, useResumeSubscription } from '../../../api/billing/subscriptions';
import { errorMessage } from '../../../api/server-errors';
import { Button } from '../../../ui/button';
import { useViewer } from '../viewer';

/** The modal, its card form and Stripe's loader: a chunk of their own, loaded when a fan first opens it. */
const SubscribeModal = lazy(() => import('./subscribe-modal').then((module) => ({ default: module.SubscribeModal })));
/** Signed out, Subscribe asks to sign up as a fan first (its dialog loads when first asked for). */
const SignInPrompt = lazy(() => import('../sign-in-prompt').then((module) => ({ default: module.SignInPrompt })));

/** The player's 'subscribe to hear the whole song' link opens the artist page with the modal open. */
export const OPEN_SUBSCRIBE_PARAM = 'subscribe';

/** '$9.99/year' from the offer's cents. */
export function formatYearlyPrice(cents: number): string {
  return `${formatUsd(cents, { grouping: false })}/year`;
}

/**
 * The price and what the viewer can do about it. Signed out, Subscribe (and the player's `?subscribe` link)
 * opens the sign-up prompt: sign up as a fan, or log in, and come back here (docs/decisions/0049). A fan opens the subscribe modal (also straight from the player's preview offer,
 * `?subscribe`). A subscriber sees 'Subscribed' (until its end date, with Resume renewal, once cancelled). No price when the artist takes no new subscribers.
 */
export function SubscribeOffer({
  artist,
  offer,
}: {
  artist: Pick<HeroArtist, 'id' | 'name'> & { photo?: string | null };
  offer: Offer;
}) {
  const viewer = useViewer();
  const { pathname } = useLocation();
  const price = formatYearlyPrice(offer.priceCents);
  const subscribed = offer.subscribed || viewer.subscribesTo(artist.id);
  const signedOut = !viewer.pending && !viewer.user;
  const [open, setOpen] = useOpenFromLink((viewer.isMember || signedOut) && offer.available && !subscribed);

  let action;
  if (subscribed && viewer.user && viewer.isMember) {
    action = <MemberSubscribed memberId={viewer.user.id} artistId={artist.id} />;
  } else if (subscribed) {
    action = <SubscribedBadge />;
  } else if (!offer.available) {
    action = <span className="subscribe-offer__note">{artist.name} is not taking new subscribers.</span>;
  } else if (viewer.pending) {
    action = <Button loading>Subscribe</Button>;
  } else if (!viewer.user) {
    action = <Button onClick={() => setOpen(true)}>Subscribe</Button>;
  } else if (viewer.isMember) {
    action = <Button onClick={() => setOpen(true)}>Subscribe</Button>;
  } else {
    action = <span className="subscribe-offer__note">Fans subscribe here with a fan account.</span>;
  }

  return (
    <div className="subscribe-offer">
      {offer.available && (
        <p className="subscribe-offer__price">
          <strong>{price}</strong>
          <span>Every song in full, downloads you keep.</span>
        </p>
      )}
      {action}
      {viewer.user && viewer.isMember && open && (
        <Suspense fallback={null}>
          <SubscribeModal open onOpenChange={setOpen} memberId={viewer.user.id} artist={artist} price={price} />
        </Suspense>
      )}
      {signedOut && open && (
        <Suspense fallback={null}>
          <SignInPrompt
            open
            onOpenChange={setOpen}
            signUpFirst
            // Back to the artist's page with Subscribe open, once signed in.
            returnTo={`${pathname}?${OPEN_SUBSCRIBE_PARAM}`}
            title={`Subscribe to ${artist.name}`}
            reason={`Sign up as a fan (it's free), then subscribe to ${artist.name} for ${price}: every song in full, and downloads you keep. Already a fan? Log in.`}
          />
        </Suspense>
      )}
    </div>
  );
}

function SubscribedBadge() {
  return (
    <span className="subscribe-offer__subscribed" role="status">
      <span aria-hidden="true">✓</span> Subscribed
    </span>
  );
}

const untilDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * A fan's own subscription: '✓ Subscribed' while it renews; once cancelled, 'Subscribed until {date}' (the
 * term's end) and Resume renewal, which makes it renew again.
 */
function MemberSubscribed({ memberId, artistId }: { memberId: string; artistId: string }) {
  const subscriptions = useMemberSubscriptions(memberId);
  const resume = useResumeSubscription(memberId);
  const [failure, setFailure] = useState<string | null>(null);
  const ending = subscriptions.data?.find(
    (entry) => entry.artistID === artistId && entry.status === 'active' && entry.cancelAtPeriodEnd,
  );
  if (!ending) return <SubscribedBadge />;
  const resumeRenewal = async () => {
    setFailure(null);
    try {
      await resume.mutateAsync(ending.id);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <div className="subscribe-offer__ending">
      <span className="subscribe-offer__subscribed" role="status">
        Subscribed until {untilDate.format(new Date(ending.currentPeriodEnd))}
      </span>
      <Button variant="secondary" loading={resume.isPending} onClick={resumeRenewal}>
        Resume renewal
      </Button>
      {failure && (
        <p className="subscribe-offer__failure" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}

/** Open at first when the page was reached with `?subscribe` and the fan can subscribe; the param is dropped. */
function useOpenFromLink(canSubscribe: boolean) {
  const [params, setParams] = useSearchParams();
  const asked = params.has(OPEN_SUBSCRIBE_PARAM);
  const [open, setOpen] = useState(false);
  const [handled, setHandled] = useState(false);
  if (asked && canSubscribe && !handled) {
    setHandled(true);
    setOpen(true);
  }
  const change = (next: boolean) => {
    setOpen(next);
    if (!next && asked) {
      const rest = new URLSearchParams(params);
      rest.delete(OPEN_SUBSCRIBE_PARAM);
      setParams(rest, { replace: true });
    }
  };
  return [open, change] as const;
}
