import { Link } from 'react-router';
import { ARTIST_SHARE, FAN_PRICE } from './landing-copy';
import './landing.css';
import { useDocumentTitle } from '../../ui/use-document-title';

export function AboutPage() {
  useDocumentTitle('About');
  return (
    <article className="container text-page">
      <p className="eyebrow">About HFM</p>
      <h1 className="display text-page__title">
        A fairer deal for the people who make music and the people who love it.
      </h1>
      <p className="text-page__lead">
        HFM started with a simple question: what if a fan's money went to the artist they actually listen to?
      </p>
      <h2>What we believe</h2>
      <p>
        Streaming made music easy to reach and hard to live from. Artists are paid fractions of a cent per play, and
        fans rent a library they never own. We think both sides deserve better.
      </p>
      <h2>How HFM works</h2>
      <p>
        Fans subscribe to individual artists for {FAN_PRICE} a year each, stream everything those artists release and
        keep every song they download, even if they later move on. Artists earn {ARTIST_SHARE} of every
        subscription-year, paid monthly. Every artist is reviewed by a person on our team before they go live, so the
        catalogue stays worth exploring.
      </p>
      <h2>Where we are</h2>
      <p>
        We are assembling our launch roster of artists now and opening to fans soon after. If you make music,{' '}
        <Link to="/artists">see what HFM offers artists</Link>. If you love music,{' '}
        <Link to="/fans">see what HFM offers fans</Link>.
      </p>
    </article>
  );
}
