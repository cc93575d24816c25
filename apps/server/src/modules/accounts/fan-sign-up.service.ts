import type { PublicUser } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { readImage } from '../../platform/media/image-uploads.js';
import { mailCodeQuietly, linkSocialSignUp } from '../auth/index.js';
import {
  accountFromForm,
  createAccountWithImage,
  emailExists,
  isEmailTaken,
  type AccountForm,
  toPublicUser,
} from '../users/index.js';

export interface FanSignUp extends AccountForm {
  profileImageData?: string | null | undefined;
  socialToken?: string | null | undefined;
}

/** Fan sign-up: an unconfirmed subscriber, mailed a code. The picture is checked before anything is saved. */
export async function signUpFan(ctx: AppContext, form: FanSignUp): Promise<PublicUser> {
  if (await isEmailTaken(ctx.db, form.email)) throw emailExists(form.email);
  const image = form.profileImageData ? await readImage(form.profileImageData) : null;
  const row = await ctx.db.transaction(async (tx) => {
    const created = await createAccountWithImage(ctx, tx, accountFromForm(form, 'SUBSCRIBER'), image);
    if (form.socialToken) await linkSocialSignUp(tx, form.socialToken, created.id);
    return created;
  });
  await mailCodeQuietly(ctx, row);
  return toPublicUser(row);
}
