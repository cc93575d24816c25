import type { ObjectStorage } from '../storage/storage.js';
import type { ProcessedImage } from './images.js';

/** Profile images live at `profile-images/{userId}/{file}`; the user row keeps the file name. */
export function profileImageKey(userId: string, fileName: string): string {
  return `profile-images/${userId}/${fileName}`;
}

export async function storeProfileImage(
  storage: ObjectStorage,
  userId: string,
  fileName: string,
  image: ProcessedImage,
): Promise<void> {
  await storage.put(profileImageKey(userId, fileName), image.data, image.contentType);
}
