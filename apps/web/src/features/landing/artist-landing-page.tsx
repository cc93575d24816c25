import { Link } from 'react-router';
import {
  ARTIST_SHARE,
  ARTIST_STEPS,
  ARTIST_SUPPORT,
  EARNING_EXAMPLES,
  FAN_PRICE,
  yearlyEarnings,
} from './landing-copy';
import { ArtistHeroArt } from './landing-art';
import {
  CtaBand,
  FeatureCards,
  LandingHero,
  LandingPage,
  LandingSection,
  StickyAction,
  type LandingVariant,
} from './landing-sections';
import './landing.css';

const SIGN_UP = '/artist-sign-up';

function JoinRoster({ size = 'large' }: { size?: 'large' | 'normal' }) {
  return (
    <Link className={size === 'large' ? 'cta cta--primary cta--large' : 'cta cta--primary'} to={SIGN_UP}>
      Join the Launch Roster
    </Link>
  );
}

export function ArtistLandingPage({ variant }: { variant: LandingVariant }) {
  return (
    <LandingPage variant={variant} tone="artist">
      <LandingHero
        eyebrow="For artists"
        title="Music Should Pay You Back"
        lead={`Fans subscribe to you for ${FAN_PRICE} a year. You earn ${ARTIST_SHARE} of every subscription-year, paid every month. No fractions of a cent per stream.`}
        actions={
          <>
            <JoinRoster />
            <Link className="cta cta--ghost cta--large" to={{ hash: 'revenue' }}>
              See the numbers
            </Link>
          </>
        }
        art={<ArtistHeroArt />}
      />

      <LandingSection
        id="revenue"
        eyebrow="Earnings"
        title="Revenue You Can Rely On"
        intro={`1,000 subscribers = ${yearlyEarnings(1_000)} per year. Your income depends on how many people back you, not on how many times an algorithm decides to play you.`}
      >
        <div className="earnings">
          <table className="earnings__table">
            <caption className="visually-hidden">Yearly earnings by number of subscribers</caption>
            <thead>
              <tr>
                <th scope="col">Subscribers</th>
                <th scope="col">You earn per year</th>
              </tr>
            </thead>
            <tbody>
              {EARNING_EXAMPLES.map((subscribers) => (
                <tr key={subscribers}>
                  <td>{subscribers.toLocaleString('en-US')}</td>
                  <td>{yearlyEarnings(subscribers)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="earnings__explainer">
            <h3>How the money moves</h3>
            <p>
              You earn {ARTIST_SHARE} per subscription-year, for every new subscriber and every renewal. We add up the
              previous month and pay you monthly, between the 22nd and 28th of the following month.
            </p>
            <p>
              Before the first payment we ask for a payout account and a W-9 or W-8 tax form. After that it simply
              arrives.
            </p>
          </div>
        </div>
      </LandingSection>

      <LandingSection
        id="support"
        eyebrow="Support"
        title="Dedicated Artist Support"
        intro="You bring the music. We bring the people and the plumbing that get it heard and get you paid."
      >
        <FeatureCards features={ARTIST_SUPPORT} />
      </LandingSection>

      <LandingSection id="join" eyebrow="Joining" title="From application to payday">
        <FeatureCards features={ARTIST_STEPS} numbered />
      </LandingSection>

      <CtaBand
        title="Be there on day one."
        text="We are building the launch roster now: a hand-picked group of artists who will greet HFM's first fans. Your music, your rights, your fans."
        action={<JoinRoster />}
        crossLink={{ label: 'Listening, not making? See HFM for fans', to: '/fans' }}
      />

      <StickyAction variant={variant} yieldTo="revenue">
        <span className="sticky-action__text">
          <strong>{yearlyEarnings(1_000)} a year</strong> from 1,000 subscribers
        </span>
        <JoinRoster size="normal" />
      </StickyAction>
    </LandingPage>
  );
}
