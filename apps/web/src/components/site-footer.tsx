import { LEGAL } from '@hfm/shared';
import { Link } from 'react-router';
import { BrandMark } from './site-nav';
import './site-footer.css';

interface SocialLink {
  label: string;
  href: string;
  /** SVG path data in a 24 x 24 box. */
  icon: string;
}

/** HFM's public profiles; the labels are what screen readers announce. */
const SOCIAL_LINKS: SocialLink[] = [
  {
    label: 'HFM on Instagram',
    href: 'https://www.instagram.com/hfm.music',
    icon: 'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3H7Zm5 3.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5ZM17.3 5.5a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4Z',
  },
  {
    label: 'HFM on TikTok',
    href: 'https://www.tiktok.com/@hfm.music',
    icon: 'M14 2h3a5 5 0 0 0 5 5v3a8 8 0 0 1-5-1.7V15a7 7 0 1 1-7-7v3a4 4 0 1 0 4 4V2Z',
  },
  {
    label: 'HFM on YouTube',
    href: 'https://www.youtube.com/@hfm.music',
    icon: 'M21.6 7.2a2.7 2.7 0 0 0-1.9-1.9C18 4.8 12 4.8 12 4.8s-6 0-7.7.5a2.7 2.7 0 0 0-1.9 1.9C2 8.9 2 12 2 12s0 3.1.4 4.8a2.7 2.7 0 0 0 1.9 1.9c1.7.5 7.7.5 7.7.5s6 0 7.7-.5a2.7 2.7 0 0 0 1.9-1.9c.4-1.7.4-4.8.4-4.8s0-3.1-.4-4.8ZM10 15.1V8.9l5.2 3.1-5.2 3.1Z',
  },
  {
    label: 'HFM on X',
    href: 'https://x.com/hfmmusic',
    icon: 'M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z',
  },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <BrandMark size={32} />
          <p>Music that pays its makers, and music you get to keep.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/press">Press</Link>
            </li>
            <li>
              <Link to="/terms-conditions">Terms and Conditions</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <a href={`mailto:${LEGAL.contactEmail}`}>Contact Us</a>
            </li>
          </ul>
        </nav>
        <ul className="site-footer__social" aria-label="HFM on social media">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href} aria-label={link.label} rel="noopener noreferrer">
                <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={link.icon} fill="currentColor" fillRule="evenodd" />
                </svg>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className="container site-footer__legal">© {new Date().getFullYear()} HFM. All rights reserved.</p>
    </footer>
  );
}
