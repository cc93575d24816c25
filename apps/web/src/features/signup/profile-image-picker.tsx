import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/button';
import type { CroppedImage } from '../../ui/image-editor';

/** The editor (its cropper and dialog) loads when someone first adds a picture, not with the sign-up form. */
const ImageEditor = lazy(() => import('../../ui/image-editor').then((module) => ({ default: module.ImageEditor })));

interface ProfileImagePickerProps {
  image: string | null | undefined;
  onChange: (image: CroppedImage | null) => void;
}

/** An optional profile picture: opens the image editor, shows the cropped result, can be removed. */
export function ProfileImagePicker({ image, onChange }: ProfileImagePickerProps) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="profile-image-picker">
      <button
        type="button"
        className="profile-image-picker__avatar"
        onClick={() => setEditing(true)}
        aria-label={image ? 'Change profile image' : 'Add a profile image'}
      >
        {image ? <img src={image} alt="Your profile image" /> : <span aria-hidden="true">+</span>}
      </button>
      <div className="profile-image-picker__text">
        <strong>Profile image</strong>
        <span>Optional. A .png, .jpg or .jpeg, cropped square.</span>
        <div className="profile-image-picker__actions">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {image ? 'Change' : 'Add image'}
          </Button>
          {image && (
            <Button variant="ghost" onClick={() => onChange(null)}>
              Remove
            </Button>
          )}
        </div>
      </div>
      {editing && (
        <Suspense fallback={null}>
          <ImageEditor open onOpenChange={setEditing} onSave={onChange} />
        </Suspense>
      )}
    </div>
  );
}
