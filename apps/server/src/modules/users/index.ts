/** The users module's public face: what other modules, the app, the seed and the CLI may use. */
export { profileImageKeySql } from './profile-image-sql.js';
export { accountIdsWithEmailLike, findAccountsByIds } from './user-lookup.js';
export { profileImagePath, toPublicUser } from './users.presenter.js';
export {
  type AccountForm,
  type NewAccount,
  type UserPatch,
  type UserRow,
  accountFromForm,
  activateUser,
  createAccount,
  createAccountWithImage,
  dobFromForm,
  emailExists,
  emptyToNull,
  findUser,
  findUserByEmail,
  findUserForLogin,
  findUsersByIds,
  hasNoUsers,
  isEmailTaken,
  presentUser,
  updateUserFields,
  withoutQueryParameters,
} from './users.service.js';
