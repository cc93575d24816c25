import { LEGAL } from '@hfm/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../api/client';
import './site-nav.css';

/** The HFM mark: three sound bars on the brand gradient. Decorative; label the link around it. */
export function BrandMark({ size = 36 }: { size?: number }) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffb340" />
          <stop offset="0.5" stopColor="#ff5a36" />
          <stop offset="1" stopColor="#e94bbd" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={`url(#${gradientId})`} />
      <rect x="10" y="15" width="4" height="12" rx="2" fill="#fff" />
      <rect x="18" y="9" width="4" height="22" rx="2" fill="#fff" />
      <rect x="26" y="13" width="4" height="15" rx="2" fill="#fff" />
    </svg>
  );
}

export function BrandLink() {
  return (
    <Link to="/" className="brand-link" aria-label="HFM home">
      <BrandMark />
      <span className="brand-link__word" aria-hidden="true">
        HFM
      </span>
    </Link>
  );
}

interface SiteNavProps {
  /** The sign-up screen for this page's audience. */
  signUpTo: string;
}

export function SiteNav({ signUpTo }: SiteNavProps) {
  return (
    <header className="site-nav">
      <div className="container site-nav__inner">
        <BrandLink />
        <nav aria-label="Main">
          <ul className="site-nav__links">
            <li>
              <a className="site-nav__link" href={`mailto:${LEGAL.contactEmail}`}>
                Contact
              </a>
            </li>
            <li>
              <a className="site-nav__link" href={LOGIN_PATH}>
                Login
              </a>
            </li>
            <li>
              <Link className="cta cta--primary site-nav__sign-up" to={signUpTo}>
                Sign Up
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
