/** User-facing text quoted exactly from the spec (including its spelling). */
export const messages = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name',
  email: 'Please enter a valid email address.',
  phoneNumber: 'Please enter a valid US or international phone number.',
  dob: 'Please enter a valid datre (MM/DD/YYYY).',
  password: 'Please enter a valid password.',
  confirmPassword: 'Please ensure your password matches.',
  tooYoung: 'You must be 13 years or older to sign up.',
  passwordsMatch: 'Passwords match!',
  passwordsDoNotMatch: 'Passwords do not match.',
  emailExists: (email: string) => `${email} already exists.`,
  emailExistsModal: 'That email address already exists.',
  requiredFields: 'Please enter all required fields',
  completeRequiredFields: 'Please complete all required fields.',
  confirmationPasswordDiffers: 'Please make sure your confimation password matches your password.',
  enterCorrectConfirmationPassword: 'Please enter the correct confirmation password.',
  noLoginCredentials: 'No login credentials found.',
  unsupportedAudio: 'File type is unsupported. Please upload a .wav file.',
  songUploadFailed: (message: string) => `Failed to upload song: ${message}`,
  somethingWentWrong: 'Something went wrong.',
  loading: 'Loading...',
  savingProfile: 'Saving profile...',
  reallyDelete: 'Really delete item?',
  genreSaved: 'Genre saved!',
  errorSavingGenre: 'Error saving genre!',
  genreDeleted: 'Genre deleted!',
  labelSaved: 'Label saved!',
  errorSavingLabel: 'Error saving label!',
  labelDeleted: 'Label deleted!',
  artistName: 'Please enter your artist or band name.',
  genre: 'Please choose a genre.',
  gender: 'Please choose a gender.',
  bio: 'Please write a short bio.',
  // Ours, where the spec is silent (documented in docs/identity.md).
  wrongCredentials: 'The email or password is incorrect.',
  unconfirmed: 'Please confirm your email address first. We sent you a 6-digit code.',
  wrongCode: 'That code is not right. Please check the email we sent and try again.',
  expiredCode: 'That code has expired. We have sent you a new one.',
  codeBurned: 'Too many wrong tries. We have sent you a new code.',
  dobCannotChange: 'Date of birth cannot be changed.',
  currentPasswordWrong: 'Your current password is not right.',
  notSignedIn: 'Please sign in.',
  forbidden: 'You are not allowed to do that.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  // Faults (docs/operations.md, "Faults and recovery"; decision 0028).
  databaseUnavailable: 'HFM cannot reach its database right now. Nothing was changed; please try again in a minute.',
  storageUnavailable: 'HFM cannot reach its file storage right now. Please try again in a minute.',
  storageNotAnswering: 'Storage is not answering; try again shortly.',
  // Security (docs/decisions/0025-csrf-fixation-and-lockout.md).
  crossSiteRequest:
    'This request came from another website, so it was refused. Please open HFM directly and try again.',
  accountLocked: (minutes: number) =>
    `Too many failed sign-ins for this account. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  imageType: 'Please upload a .png, .jpg or .jpeg image.',
  tooLarge: 'That file is too large.',
  // Deleting an account (docs/decisions/0014-deleting-an-account.md).
  artistAccountTermination:
    'An artist account is closed by terminating the licence: Terminate licence, in the Profile tab of the studio.',
  adminAccountCannotBeDeleted: 'An admin account cannot be deleted.',
  accountDeleted: 'Your account has been deleted. We have sent a confirmation to your email address.',
} as const;

/** Messages from the password strength test; failures are joined into one error. */
export const passwordStrengthMessages = {
  length: 'Password must be at least 8 characters.',
  uppercase: 'Password must contain an uppercase letter.',
  number: 'Password must contain a number.',
  special: 'Password must contain a special character.',
  repeated: 'Password must not repeat a character three or more times in a row.',
} as const;
