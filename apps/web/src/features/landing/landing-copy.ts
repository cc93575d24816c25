import { ARTIST_CREDIT_CENTS, formatUsd, PRICE_CENTS_PER_ARTIST_YEAR } from '@hfm/shared';

/** '$9.99' */
export const FAN_PRICE = formatUsd(PRICE_CENTS_PER_ARTIST_YEAR, { cents: 'auto' });
/** '$5.00' */
export const ARTIST_SHARE = formatUsd(ARTIST_CREDIT_CENTS);

/** '$5,000' for 1,000 subscribers. */
export function yearlyEarnings(subscribers: number): string {
  return formatUsd(subscribers * ARTIST_CREDIT_CENTS, { cents: 'never' });
}

export interface Feature {
  title: string;
  text: string;
}

export const FAN_STEPS: Feature[] = [
  {
    title: 'Subscribe',
    text: `Pick an artist and pay ${FAN_PRICE} for the year. One artist, one price, and no bundle of music you never asked for.`,
  },
  {
    title: 'Curate',
    text: 'Build playlists, give a Hi Five to the songs that stop you in your tracks, and dig into HFM Picks, a short monthly playlist chosen by people who love music.',
  },
  {
    title: 'Keep',
    text: 'Every song you download is yours for good. Move on from an artist whenever you like; your downloads stay right where they are.',
  },
];

export const FAN_PROMISES = [
  `${FAN_PRICE} per artist per year`,
  'No monthly bills',
  'No hidden fees',
  'Keep your downloads forever',
];

export const FAN_DROPS: Feature[] = [
  {
    title: 'The moment it is out, it is yours',
    text: 'When an artist you back releases something new, it lands in your library straight away. No waiting for a label window.',
  },
  {
    title: 'Stream it or take it with you',
    text: 'Listen in full on any device, or download the file and play it wherever you like, offline and ad-free.',
  },
  {
    title: 'Try before you subscribe',
    text: 'Anyone can hear previews of every song, and artists choose favourites to play in full, so you know what you are backing.',
  },
];

export const ARTIST_SUPPORT: Feature[] = [
  {
    title: 'A real person reads your application',
    text: 'Every artist on HFM is reviewed by our team, not an algorithm. We listen to your audition and tell you where you stand.',
  },
  {
    title: 'Upload once, we handle the rest',
    text: 'Send us your WAV masters. We prepare streaming, previews and downloads for every device, so your music sounds the way you mixed it.',
  },
  {
    title: 'Paid without the paperwork maze',
    text: 'Connect a payout account, complete a W-9 or W-8 once, and we take care of the monthly payments from there.',
  },
];

export const ARTIST_STEPS: Feature[] = [
  { title: 'Apply', text: 'Sign up with your artist or band name and your genre. It takes a few minutes.' },
  { title: 'Audition', text: 'Add a short bio, a photo and at least one song so we can hear what you do.' },
  { title: 'Get approved', text: 'Our team reviews your audition and welcomes you to the launch roster.' },
  { title: 'Get paid', text: `Fans subscribe, and you earn ${ARTIST_SHARE} for every subscription-year, every month.` },
];

export const EARNING_EXAMPLES = [100, 1_000, 10_000];
