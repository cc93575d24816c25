/** Request body limits: JSON by default, larger for routes that take an image inline. */
export const JSON_BODY_LIMIT = 1024 * 1024;
export const IMAGE_BODY_LIMIT = 20 * 1024 * 1024;

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
