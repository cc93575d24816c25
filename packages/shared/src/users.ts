import { z } from 'zod';
import { GENDERS, ROLES, US_STATES } from './constants.js';
import { messages } from './messages.js';
import { SOCIAL_TOKEN } from './social.js';
import {
  dobError,
  isStrongPassword,
  isValidEmail,
  isValidPhoneNumber,
  passwordStrengthFailures,
} from './validation.js';

const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

export const emailField = z
  .string({ error: messages.email })
  .trim()
  .refine(isValidEmail, { error: messages.email })
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: messages.password })
  .max(200, { error: messages.password })
  .refine(isStrongPassword, { error: messages.password });

export const dobField = z.string({ error: messages.dob }).superRefine((value, ctx) => {
  const error = dobError(value);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

export const phoneNumberField = z
  .string({ error: messages.phoneNumber })
  .trim()
  .max(30, { error: messages.phoneNumber })
  .refine(isValidPhoneNumber, { error: messages.phoneNumber })
  .optional()
  .nullable();

export const genderField = z.enum(GENDERS, { error: messages.gender });
export const locationField = z.enum(US_STATES).optional().nullable().or(z.literal(''));

/** The account form shared by fan and artist sign-up. */
const accountShape = {
  firstName: requiredText(messages.firstName),
  lastName: requiredText(messages.lastName),
  email: emailField,
  password: passwordField,
  confirmPassword: z.string({ error: messages.confirmPassword }),
  dob: dobField,
  gender: genderField,
  phoneNumber: phoneNumberField,
  location: locationField,
};

function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.confirmPassword });
  }
}

/** All fields are validated together: the match is checked even when another field has failed. */
const whenBothPasswordsGiven = {
  when: (payload: z.core.ParsePayload) => {
    const value = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
  },
};

/** Fan sign-up: role is 'subscriber' (the client sends lowercase). */
export const createFanBody = z
  .object({
    ...accountShape,
    role: z
      .string()
      .optional()
      .refine((role) => role === undefined || role.toUpperCase() === 'SUBSCRIBER', {
        error: 'Fan sign-up creates a subscriber.',
      }),
    profileImageData: z.string().max(15_000_000).optional().nullable(),
    fileName: z.string().max(200).optional().nullable(),
    /** The token of a social sign-in that prefilled this form: the new account is linked to that login. */
    socialToken: z.string().regex(SOCIAL_TOKEN).optional().nullable(),
  })
  .superRefine(passwordsMatch, whenBothPasswordsGiven);
export type CreateFanBody = z.input<typeof createFanBody>;

/** The artist half of artist sign-up (the `artist` JSON part). */
export const artistSignUpArtist = z.object({
  name: requiredText(messages.artistName, 120),
  genre: z
    .union([z.string(), z.object({ _id: z.string() })], { error: messages.genre })
    .transform((genre) => (typeof genre === 'string' ? genre : genre._id))
    .pipe(z.string().trim().min(1, { error: messages.genre })),
  hfmPicksOptIn: z.boolean().optional().default(true),
});

/** The user half of artist sign-up (the `user` JSON part). */
export const artistSignUpUser = z
  .object({
    ...accountShape,
    role: z.string().optional(),
  })
  .superRefine(passwordsMatch, whenBothPasswordsGiven);

/** Artist sign-up's two JSON parts, as the client sends them. */
export interface ArtistSignUpRequest {
  artist: z.input<typeof artistSignUpArtist>;
  user: z.input<typeof artistSignUpUser>;
}

/** The whole artist sign-up form as the web app holds it (one flat form). */
export const artistSignUpForm = z
  .object({
    ...accountShape,
    name: requiredText(messages.artistName, 120),
    genre: z.string({ error: messages.genre }).trim().min(1, { error: messages.genre }),
  })
  .superRefine(passwordsMatch, whenBothPasswordsGiven);
export type ArtistSignUpForm = z.input<typeof artistSignUpForm>;

export const loginBody = z.object({
  userName: z.string({ error: messages.noLoginCredentials }).trim().min(1, { error: messages.noLoginCredentials }),
  password: z.string({ error: messages.noLoginCredentials }).min(1, { error: messages.noLoginCredentials }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const confirmUserBody = z.object({
  email: emailField,
  code: z
    .string({ error: 'Please enter the 6-digit code.' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Please enter the 6-digit code.' }),
});
export type ConfirmUserBody = z.infer<typeof confirmUserBody>;

export const resendCodeBody = z.object({ email: emailField });

/** Fields a user may change on their own record; dob is refused if it differs. */
export const updateUserBody = z
  .object({
    firstName: requiredText(messages.firstName).optional(),
    lastName: requiredText(messages.lastName).optional(),
    phoneNumber: phoneNumberField,
    location: locationField,
    gender: genderField.optional(),
    dob: z.string().optional(),
    email: z.string().optional(),
    hfmPicksOptIn: z.boolean().optional(),
  })
  .loose();
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const changePasswordBody = z
  .object({
    currentPassword: z
      .string({ error: messages.currentPasswordWrong })
      .min(1, { error: messages.currentPasswordWrong }),
    password: passwordField,
    confirmPassword: z.string({ error: messages.confirmPassword }),
  })
  .superRefine(passwordsMatch, whenBothPasswordsGiven);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/**
 * Deleting an account: the signed-in caller's own current password, asked again (the account's owner,
 * or an admin deleting someone else's).
 */
export const deleteAccountBody = z.object(
  {
    currentPassword: z
      .string({ error: messages.currentPasswordWrong })
      .min(1, { error: messages.currentPasswordWrong })
      .max(200, { error: messages.currentPasswordWrong }),
  },
  { error: messages.currentPasswordWrong },
);
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const roleField = z.enum(ROLES);

/** What the server says about a user: never a password or hash. */
export const publicUser = z.object({
  _id: z.string(),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  userName: z.string(),
  phoneNumber: z.string().nullable(),
  dob: z.string().nullable(),
  location: z.string().nullable(),
  gender: z.string().nullable(),
  status: z.string(),
  role: roleField,
  profileImage: z.string().nullable(),
  profileImagePath: z.string().nullable(),
  hfmPicksOptIn: z.boolean(),
  subscribedTo: z.array(z.object({ artistID: z.string() })),
  hiFived: z.array(z.object({ id: z.string(), itemID: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

export { passwordStrengthFailures };

export const userIdParams = z.object({ id: z.guid({ error: 'Not a valid id.' }) });
export const checkEmailParams = z.object({ email: emailField });
export const emailExistsAnswer = z.object({ exists: z.boolean() });
export type EmailExistsAnswer = z.infer<typeof emailExistsAnswer>;
export const passwordChangedAnswer = z.object({ ok: z.literal(true) });
export type PasswordChangedAnswer = z.infer<typeof passwordChangedAnswer>;

export const profileImageBody = z
  .object({
    fileName: z.string().max(200).optional().nullable(),
    imageData: z.string({ error: messages.imageType }).min(1, { error: messages.imageType }),
    path: z.string().max(500).optional().nullable(),
  })
  .nullish()
  .describe('JSON, or multipart/form-data with an `imageData` file part');
