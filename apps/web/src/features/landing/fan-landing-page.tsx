import { Link } from 'react-router';
import { ARTIST_SHARE, FAN_DROPS, FAN_PRICE, FAN_PROMISES, FAN_STEPS } from './landing-copy';
import { FanHeroArt } from './landing-art';
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

const SIGN_UP = '/fan-sign-up';
/** The hero opens the 'Fan Sign Up' modal over the landing page (the app shell hosts it). */
const SIGN_UP_MODAL = { search: '?signup=fan' };

export function FanLandingPage({ variant }: { variant: LandingVariant }) {
  return (
    <LandingPage variant={variant} tone="fan">
      <LandingHero
        eyebrow="For fans"
        title="Own Your Music"
        lead={`Back the artists you love for ${FAN_PRICE} a year each. Stream everything they release, download what you love, and keep it for good.`}
        actions={
          <>
            <Link className="cta cta--primary cta--large" to={SIGN_UP_MODAL}>
              Sign Up
            </Link>
            <a className="cta cta--ghost cta--large" href="/discover">
              Browse the music
            </a>
            <Link className="cta cta--ghost cta--large" to={{ hash: 'how-it-works' }}>
              How it works
            </Link>
          </>
        }
        art={<FanHeroArt />}
      />

      <LandingSection
        id="how-it-works"
        eyebrow="How it works"
        title="Subscribe. Curate. Keep."
        intro="Remember when buying an album meant it was yours? We do too. HFM brings that feeling back, with everything you like about streaming."
      >
        <FeatureCards features={FAN_STEPS} numbered />
      </LandingSection>

      <LandingSection
        id="drops"
        eyebrow="New releases"
        title="Instant Drops, On Your Terms"
        intro="Artists release straight to the people who back them. No middlemen deciding when you get to hear it."
      >
        <FeatureCards features={FAN_DROPS} />
      </LandingSection>

      <LandingSection id="pricing" eyebrow="Pricing" title="One price. Nothing hiding.">
        <div className="price-panel">
          <div className="price-panel__amount">
            <span className="price-panel__number">{FAN_PRICE}</span>
            <span className="price-panel__unit">per artist per year</span>
          </div>
          <ul className="price-panel__list">
            {FAN_PROMISES.map((promise) => (
              <li key={promise}>{promise}</li>
            ))}
          </ul>
          <p className="price-panel__note">
            {ARTIST_SHARE} of every subscription-year goes straight to the artist you chose. The rest keeps HFM running:
            storage, streaming and the people who review and support every artist.
          </p>
        </div>
      </LandingSection>

      <CtaBand
        title="Ready to own your music?"
        text="Create your account in a minute. You only pay when you subscribe to an artist."
        action={
          <Link className="cta cta--primary cta--large" to={SIGN_UP}>
            Sign Up
          </Link>
        }
        crossLink={{ label: 'Making music? See HFM for artists', to: '/artists' }}
      />

      <StickyAction variant={variant} yieldTo="pricing">
        <span className="sticky-action__text">
          <strong>{FAN_PRICE}</strong> per artist per year
        </span>
        <Link className="cta cta--primary" to={SIGN_UP}>
          Sign Up
        </Link>
      </StickyAction>
    </LandingPage>
  );
}
