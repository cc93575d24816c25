import { LEGAL } from '@hfm/shared';
import { ARTIST_SHARE, FAN_PRICE, yearlyEarnings } from './landing-copy';
import './landing.css';
import { useDocumentTitle } from '../../ui/use-document-title';

export function PressPage() {
  useDocumentTitle('Press');
  return (
    <article className="container text-page">
      <p className="eyebrow">Press</p>
      <h1 className="display text-page__title">Writing about HFM?</h1>
      <p className="text-page__lead">
        We are happy to talk. Write to <a href={`mailto:${LEGAL.contactEmail}`}>{LEGAL.contactEmail}</a> and a person
        will answer, usually within two business days.
      </p>
      <h2>The facts in brief</h2>
      <dl className="text-page__facts">
        <dt>What it is</dt>
        <dd>A music platform where fans subscribe to individual artists and keep what they download.</dd>
        <dt>Price for fans</dt>
        <dd>{FAN_PRICE} per artist per year. No monthly bills, no hidden fees.</dd>
        <dt>Pay for artists</dt>
        <dd>
          {ARTIST_SHARE} per subscription-year, paid monthly: 1,000 subscribers = {yearlyEarnings(1_000)} per year.
        </dd>
        <dt>Curation</dt>
        <dd>Every artist is reviewed by the HFM team before going live.</dd>
        <dt>Based in</dt>
        <dd>{LEGAL.governingLaw}, United States.</dd>
      </dl>
    </article>
  );
}
