import { ARTIST_CREDIT_CENTS, formatUsd } from './money.js';

export const MIN_AGE_YEARS = 13;
export const PASSWORD_MIN_LENGTH = 8;
export const MAX_ARTIST_PHOTOS = 15;
export const MIN_AUDITION_SONGS = 1;
export const MAX_PREVIEW_SECONDS = 45;
export const MAX_LISTEN_EVENT_SECONDS = 10;
export const SIGN_UP_REDIRECT_MS = 8000;
export const CROSS_FADE_MS = 600;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
export const NEW_RELEASES_COUNT = 9;
export const UPLOAD_PART_SIZE = 5_242_880;
export const STATUS_POLL_MS = 2000;
export const STATUS_POLL_MAX_ATTEMPTS = 60;
export const CONFIRMATION_CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const CONFIRMATION_MAX_ATTEMPTS = 5;
export const CROP_SIZE = { width: 400, height: 400, aspect: 1 } as const;
export const PLAYLIST_ARTWORK = { width: 383, height: 254, aspect: 1.5 } as const;
export const BANNER_ADVISORY = { width: 2000, height: 1000 } as const;
export const DEFAULT_TIER = 'In Review';
export const DEFAULT_TIER_FILTER = 'Tier 1';
/** An artist's tier: 'In Review' until approved (approval makes it 'Tier 1' unless an admin picks another). */
export const TIERS = [DEFAULT_TIER, DEFAULT_TIER_FILTER, 'Tier 2', 'Tier 3'] as const;
export type Tier = (typeof TIERS)[number];

export const ROLES = ['ADMIN', 'ARTIST', 'SUBSCRIBER'] as const;
export type Role = (typeof ROLES)[number];

export const GENDERS = ['MALE', 'FEMALE', 'NON-BINARY', 'PREFER NOT TO SAY'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  MALE: 'Male',
  FEMALE: 'Female',
  'NON-BINARY': 'Non-Binary',
  'PREFER NOT TO SAY': 'Prefer Not To Say',
};

export const ARTIST_STATUSES = ['PENDING', 'ACTIVE', 'INACTIVE', 'CANCELLED'] as const;
export type ArtistStatus = (typeof ARTIST_STATUSES)[number];

/** DELETED is a tombstone: the account's personal data is gone, its payment records still point at it. */
export const USER_STATUSES = ['UNCONFIRMED', 'ACTIVE', 'SUSPENDED', 'DELETED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const SONG_STATUSES = ['pending', 'uploading', 'ready', 'failed'] as const;
export type SongStatus = (typeof SONG_STATUSES)[number];
/**
 * A ready song's downloads: made after its stream, so a song plays before they are there. `failed` is final
 * (the song still plays; failureReason says why).
 */
export const DOWNLOADS_STATES = ['preparing', 'ready', 'failed'] as const;
export type DownloadsState = (typeof DOWNLOADS_STATES)[number];

export const RATING_CATEGORIES = [
  'Lead Vocal/Instrument',
  'Backing Vocal/Instrument',
  'Overall Arrangement',
  'Mixing Quality',
  'Mastering Quality',
  'Commercial Marketability',
  'Niche Marketability',
  'Following',
  'Presentation',
] as const;

export const ROUTE_BY_ROLE: Record<Role, string> = {
  ADMIN: '/admin/',
  ARTIST: '/artist/',
  SUBSCRIBER: '/members/',
};

export const US_STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'District of Columbia',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
  'Other',
] as const;

/** Legal constants (spec 000 section 9); the legal pages are written from these. */
export const LEGAL = {
  effectiveDate: 'April 30th, 2025',
  governingLaw: 'New York',
  minimumAge: 18,
  minimumAgeWithConsent: 16,
  licenceFeePerSubscriptionYear: formatUsd(ARTIST_CREDIT_CENTS),
  payoutWindow: 'between the 22nd and 28th of the month after the subscription',
  terminationNoticeHours: 24,
  licenseeNoticeBusinessDays: 5,
  changeNoticeDays: 30,
  informalDisputeDays: 60,
  arbitrationOptOutDays: 30,
  streamlinedArbitrationUnder: '$250,000',
  feesWaivedUnder: '$10,000',
  liabilityCapYears: 1,
  complaintRecordYears: 6,
  contactEmail: 'hello@hfm.music',
} as const;
