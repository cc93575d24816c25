import { zodResolver } from '@hookform/resolvers/zod';
import { artistSignUpForm, createFanBody } from '@hfm/shared';

/**
 * The sign-up forms' validation: the shared schemas (and zod). Loaded when the visitor starts on a form
 * (ui/deferred-resolver.ts), so the sign-up pages' first load stays within the 150 KB budget (decision 0035).
 */
export const fanSignUpResolver = zodResolver(createFanBody);
export const artistSignUpResolver = zodResolver(artistSignUpForm);
