import type { PublicUser } from '@hfm/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { useUploadProfileImage } from '../../api/artists/upload-images';
import { errorMessage } from '../../api/server-errors';
import { useRemoveProfileImage } from '../../api/users/remove-profile-image';
import { Button } from '../../ui/button';
import { ConfirmDelete } from '../../ui/confirm-delete';
import { ImageEditor, type CroppedImage } from '../../ui/image-editor';

/** The square profile picture: choose and crop (400 x 400, as in the studio), or remove it. */
export function ProfileImageSection({ user }: { user: PublicUser }) {
  const [editorOpen, setEditorOpen] = useState(false);
  const upload = useUploadProfileImage(user.id);
  const remove = useRemoveProfileImage(user.id);
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  async function save(image: CroppedImage) {
    try {
      await upload.mutateAsync(image);
      toast.success('Profile image saved.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function removeImage() {
    try {
      await remove.mutateAsync();
      toast.success('Profile image removed.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <section className="surface-card account-card" aria-labelledby="account-image-heading">
      <h2 id="account-image-heading">Profile image</h2>
      <div className="account-image">
        <div className="account-image__frame">
          {user.profileImagePath ? (
            <img src={user.profileImagePath} alt="Your profile image" />
          ) : (
            <span aria-label="No profile image yet" role="img">
              {initials || '♪'}
            </span>
          )}
        </div>
        <div className="account-image__actions">
          <p className="account-page__muted">A square .png, .jpg or .jpeg picture; you crop it before it is saved.</p>
          <div className="account-actions account-actions--start">
            <Button variant="secondary" loading={upload.isPending} onClick={() => setEditorOpen(true)}>
              {user.profileImagePath ? 'Change image' : 'Choose image'}
            </Button>
            {user.profileImagePath && (
              <ConfirmDelete
                className="account-image__remove"
                text="Remove your profile image?"
                label="Remove image"
                onConfirm={removeImage}
              >
                Remove image
              </ConfirmDelete>
            )}
          </div>
        </div>
      </div>
      <ImageEditor
        open={editorOpen}
        onOpenChange={setEditorOpen}
        onSave={(image) => void save(image)}
        previewLabel="Cover Image Preview"
      />
    </section>
  );
}
