/**
 * Request body limits (decision 0046): a small default for JSON bodies, raised only on the routes that need
 * more: long text, a long list of upload parts, an image inline as a data URL.
 */
export const JSON_BODY_LIMIT = 64 * 1024;
/** A bio or liner notes of 20,000 characters, each up to 4 bytes in UTF-8 and escaped in JSON. */
export const TEXT_BODY_LIMIT = 256 * 1024;
/** A legal document (200,000 characters), or the parts list of an upload of 10,000 parts. */
export const LARGE_JSON_BODY_LIMIT = 1024 * 1024;
export const IMAGE_BODY_LIMIT = 20 * 1024 * 1024;
/** A fan's sign-up: a few KiB of details, and the profile picture a spec client may send inline (15 MB at most). */
export const FAN_SIGN_UP_BODY_LIMIT = 15_000_000 + 64 * 1024;

/** One image sent as a multipart file part (as a data URL it is a third larger and fits IMAGE_BODY_LIMIT). */
export const IMAGE_FILE_LIMIT = 15 * 1024 * 1024;
/** A short text part of a form (a file name, a path). */
export const FORM_TEXT_LIMIT = 1024;
/** A JSON part of a form (the artist or user details of a sign-up). */
export const FORM_JSON_LIMIT = 16 * 1024;

/** An image route's form: the image as a file part or a data URL, plus its file name and path. */
export function imageFormRules(imageField: string) {
  return {
    fields: { [imageField]: IMAGE_BODY_LIMIT, fileName: FORM_TEXT_LIMIT, path: FORM_TEXT_LIMIT },
    files: { [imageField]: IMAGE_FILE_LIMIT },
  };
}
