import { BANNER_ADVISORY, messages } from '@hfm/shared';
import { useRef, useState, type ChangeEvent } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Button } from '../../ui/button';
import { cropToDataUrl, IMAGE_ACCEPT, isAcceptedImage, pngFileName, readAsDataUrl } from '../../ui/crop-image';
import type { CroppedImage } from '../../ui/image-editor';
import { Modal } from '../../ui/modal';

const BANNER_ASPECT = BANNER_ADVISORY.width / BANNER_ADVISORY.height;

export function bannerAdvisory(width: number, height: number): string | null {
  if (width >= BANNER_ADVISORY.width && height >= BANNER_ADVISORY.height) return null;
  return `Banner images should be at least ${BANNER_ADVISORY.width} x ${BANNER_ADVISORY.height} pixels; this crop is ${Math.round(width)} x ${Math.round(height)} and may look soft on large screens.`;
}

/**
 * The image editor for the banner ('Crop Image', 'Banner Image Preview'). It keeps the crop's own pixels
 * (up to 2000 x 1000) instead of scaling to a fixed size, so it can advise when the image is too small.
 */
export function BannerEditor({
  open,
  onOpenChange,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (image: CroppedImage, advisory: string | null) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<{ src: string; name: string } | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [preview, setPreview] = useState<string | null>(null);
  const [advisory, setAdvisory] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) return setError(messages.imageType);
    setError(null);
    setPreview(null);
    setSource({ src: await readAsDataUrl(file), name: file.name });
  }

  async function showPreview(_area: Area, pixels: Area) {
    if (!source) return;
    const width = Math.min(BANNER_ADVISORY.width, Math.round(pixels.width));
    setAdvisory(bannerAdvisory(pixels.width, pixels.height));
    try {
      setPreview(await cropToDataUrl(source.src, pixels, width, Math.round(width / BANNER_ASPECT)));
    } catch (cropError) {
      setError((cropError as Error).message);
    }
  }

  function save() {
    if (!preview || !source) return;
    onSave({ dataUrl: preview, fileName: pngFileName(source.name) }, advisory);
    onOpenChange(false);
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Crop Image" size="large" hideClose>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Image file"
        onChange={chooseFile}
      />
      <div className="banner-editor">
        <div className="banner-editor__stage">
          {source ? (
            <Cropper
              image={source.src}
              crop={crop}
              zoom={zoom}
              aspect={BANNER_ASPECT}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={showPreview}
            />
          ) : (
            <button type="button" className="banner-editor__empty" onClick={() => fileInput.current?.click()}>
              Choose a .png, .jpg or .jpeg image (at least {BANNER_ADVISORY.width} x {BANNER_ADVISORY.height})
            </button>
          )}
        </div>
        <h3 className="banner-editor__title">Banner Image Preview</h3>
        <div className="banner-editor__preview">
          {preview ? <img src={preview} alt="Banner Image Preview" /> : <span>No image yet</span>}
        </div>
        {advisory && (
          <p className="studio-advisory" role="status">
            {advisory}
          </p>
        )}
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="studio-actions">
        <Button variant="secondary" onClick={() => fileInput.current?.click()}>
          Choose New Image
        </Button>
        <Button onClick={save} disabled={!preview}>
          Save Image
        </Button>
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
