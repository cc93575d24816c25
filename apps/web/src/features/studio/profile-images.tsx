import type { PublicArtist, PublicUser } from '@hfm/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { uploadBanner, useUploadProfileImage } from '../../api/artists/upload-images';
import { errorMessage } from '../../api/server-errors';
import { Button } from '../../ui/button';
import { dataUrlToBlob } from '../../ui/crop-image';
import { ImageEditor, type CroppedImage } from '../../ui/image-editor';
import { BannerEditor } from './banner-editor';

/** The banner (wide, with the 2000 x 1000 advice) and the square profile image, each through the image editor. */
export function ProfileImages({
  user,
  artist,
}: {
  user: Pick<PublicUser, 'id' | 'profileImagePath'>;
  artist: PublicArtist;
}) {
  const [bannerOpen, setBannerOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [bannerPath, setBannerPath] = useState(artist.bannerImagePath);
  const [profilePath, setProfilePath] = useState(user.profileImagePath);
  const [advisory, setAdvisory] = useState<string | null>(null);
  const [saving, setSaving] = useState<'banner' | 'profile' | null>(null);
  const profileUpload = useUploadProfileImage(user.id);

  async function saveBanner(image: CroppedImage, localAdvisory: string | null) {
    setSaving('banner');
    try {
      const result = await uploadBanner(artist.id, dataUrlToBlob(image.dataUrl), image.fileName);
      setBannerPath(result.path);
      setAdvisory(result.warning ?? localAdvisory);
      toast.success('Banner saved.');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(null);
    }
  }

  async function saveProfileImage(image: CroppedImage) {
    setSaving('profile');
    try {
      const result = await profileUpload.mutateAsync(image);
      setProfilePath(result.path);
      toast.success('Profile image saved.');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(null);
    }
  }

  return (
    <section className="surface-card" aria-labelledby="images-heading">
      <h3 id="images-heading">Images</h3>
      <div className="profile-images">
        <div className="profile-images__banner">
          <span className="field__label">Banner</span>
          <div className="profile-images__banner-frame">
            {bannerPath ? <img src={bannerPath} alt="Your banner" /> : <span>No banner yet</span>}
          </div>
          <Button variant="secondary" loading={saving === 'banner'} onClick={() => setBannerOpen(true)}>
            Change banner
          </Button>
          {advisory && (
            <p className="studio-advisory" role="status">
              {advisory}
            </p>
          )}
        </div>
        <div className="profile-images__avatar">
          <span className="field__label">Profile image</span>
          <div className="profile-images__avatar-frame">
            {profilePath ? <img src={profilePath} alt="Your profile image" /> : <span>No image</span>}
          </div>
          <Button variant="secondary" loading={saving === 'profile'} onClick={() => setProfileOpen(true)}>
            Change image
          </Button>
        </div>
      </div>
      <BannerEditor
        open={bannerOpen}
        onOpenChange={setBannerOpen}
        onSave={(image, note) => void saveBanner(image, note)}
      />
      <ImageEditor
        open={profileOpen}
        onOpenChange={setProfileOpen}
        onSave={(image) => void saveProfileImage(image)}
        previewLabel="Cover Image Preview"
      />
    </section>
  );
}
