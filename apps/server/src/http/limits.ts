/** Request body limits: JSON by default, larger for routes that take an image inline. */
export const JSON_BODY_LIMIT = 1024 * 1024;
export const IMAGE_BODY_LIMIT = 20 * 1024 * 1024;
