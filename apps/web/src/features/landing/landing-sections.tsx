import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../ui/use-document-title';
import type { Feature } from './landing-copy';

export type LandingVariant = 'desktop' | 'mobile';

interface LandingPageProps {
  variant: LandingVariant;
  tone: 'fan' | 'artist';
  children: ReactNode;
}

/** The mobile routes force the single-column layout at any width; the desktop routes adapt by width. */
export function LandingPage({ variant, tone, children }: LandingPageProps) {
  useDocumentTitle(tone === 'fan' ? 'For fans' : 'For artists');
  return <div className={`landing landing--${variant} landing--${tone}`}>{children}</div>;
}

interface HeroProps {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  actions: ReactNode;
  art: ReactNode;
}

export function LandingHero({ eyebrow, title, lead, actions, art }: HeroProps) {
  return (
    <section className="landing-hero" aria-labelledby="landing-title">
      <div className="container landing-hero__inner">
        <div className="landing-hero__copy">
          <p className="eyebrow">{eyebrow}</p>
          <h1 id="landing-title" className="display landing-hero__title">
            {title}
          </h1>
          <p className="landing-hero__lead">{lead}</p>
          <div className="landing-hero__actions">{actions}</div>
        </div>
        <div className="landing-hero__art">{art}</div>
      </div>
    </section>
  );
}

interface SectionProps {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

export function LandingSection({ id, eyebrow, title, intro, children }: SectionProps) {
  return (
    <section id={id} className="landing-section" aria-labelledby={`${id}-title`}>
      <div className="container">
        <header className="landing-section__header">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={`${id}-title`} className="display landing-section__title">
            {title}
          </h2>
          {intro && <p className="landing-section__intro">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}

export function FeatureCards({ features, numbered = false }: { features: Feature[]; numbered?: boolean }) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <List
      className={numbered ? 'feature-cards feature-cards--numbered' : 'feature-cards'}
      style={{ '--count': features.length } as CSSProperties}
      data-count={features.length}
    >
      {features.map((feature, index) => (
        <li key={feature.title} className="feature-card">
          <span className="feature-card__mark" aria-hidden="true">
            {numbered ? String(index + 1).padStart(2, '0') : ''}
          </span>
          <h3 className="feature-card__title">{feature.title}</h3>
          <p className="feature-card__text">{feature.text}</p>
        </li>
      ))}
    </List>
  );
}

interface CtaBandProps {
  title: string;
  text: string;
  action: ReactNode;
  crossLink: { label: string; to: string };
}

export function CtaBand({ title, text, action, crossLink }: CtaBandProps) {
  return (
    <section className="container cta-band" aria-labelledby="cta-band-title">
      <h2 id="cta-band-title" className="display cta-band__title">
        {title}
      </h2>
      <p className="cta-band__text">{text}</p>
      <div className="cta-band__actions">
        {action}
        <Link className="cta-band__cross" to={crossLink.to}>
          {crossLink.label}
        </Link>
      </div>
    </section>
  );
}

/**
 * On the mobile routes a slim bar keeps the main action in reach of the thumb. It steps aside while
 * the section it repeats (`yieldTo`, an element id such as the price card) is on screen, so it never covers it.
 */
export function StickyAction({
  variant,
  yieldTo,
  children,
}: {
  variant: LandingVariant;
  yieldTo?: string;
  children: ReactNode;
}) {
  const covered = useOnScreen(variant === 'mobile' ? yieldTo : undefined);
  if (variant !== 'mobile') return null;
  return (
    <div className={covered ? 'sticky-action sticky-action--away' : 'sticky-action'} inert={covered || undefined}>
      {children}
    </div>
  );
}

/** Whether the element with this id is at least partly on screen (false where IntersectionObserver is missing). */
function useOnScreen(id: string | undefined): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const target = id ? document.getElementById(id) : null;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? false));
    observer.observe(target);
    return () => observer.disconnect();
  }, [id]);
  return onScreen;
}
