import { BANNER_ADVISORY } from '@hfm/shared';
import { ImageEditor, type CroppedImage, type CropPixels } from '../../ui/image-editor';

const BANNER_ASPECT = BANNER_ADVISORY.width / BANNER_ADVISORY.height;

export function bannerAdvisory(width: number, height: number): string | null {
  if (width >= BANNER_ADVISORY.width && height >= BANNER_ADVISORY.height) return null;
  return `Banner images should be at least ${BANNER_ADVISORY.width} x ${BANNER_ADVISORY.height} pixels; this crop is ${Math.round(width)} x ${Math.round(height)} and may look soft on large screens.`;
}

/** The crop's own pixels, at most 2000 wide: a small source is not blown up, so the advice stays true. */
function bannerOutputSize(crop: CropPixels): CropPixels {
  const width = Math.min(BANNER_ADVISORY.width, Math.round(crop.width));
  return { width, height: Math.round(width / BANNER_ASPECT) };
}

/** The image editor for the banner ('Crop Image', 'Banner Image Preview'), advising when the image is too small. */
export function BannerEditor({
  open,
  onOpenChange,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (image: CroppedImage, advisory: string | null) => void;
}) {
  return (
    <ImageEditor
      open={open}
      onOpenChange={onOpenChange}
      onSave={onSave}
      previewLabel="Banner Image Preview"
      aspect={BANNER_ASPECT}
      outputSize={bannerOutputSize}
      advise={(crop) => bannerAdvisory(crop.width, crop.height)}
      chooseHint={`Choose a .png, .jpg or .jpeg image (at least ${BANNER_ADVISORY.width} x ${BANNER_ADVISORY.height})`}
    />
  );
}
