import { ARTIST_EARNING_CENTS_PER_SUBSCRIPTION_YEAR, PRICE_CENTS_PER_ARTIST_YEAR } from '@hfm/shared';

export function formatDollars(cents: number, options: { cents?: boolean } = {}): string {
  const withCents = options.cents ?? cents % 100 !== 0;
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: withCents ? 2 : 0,
    maximumFractionDigits: withCents ? 2 : 0,
  });
}

/** '$9.99' */
export const FAN_PRICE = formatDollars(PRICE_CENTS_PER_ARTIST_YEAR);
/** '$5.00' */
export const ARTIST_SHARE = formatDollars(ARTIST_EARNING_CENTS_PER_SUBSCRIPTION_YEAR, { cents: true });

export function yearlyEarnings(subscribers: number): string {
  return formatDollars(subscribers * ARTIST_EARNING_CENTS_PER_SUBSCRIPTION_YEAR, { cents: false });
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
