import { CROP_SIZE, messages } from '@hfm/shared';
import { useRef, useState, type ChangeEvent } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Button } from './button';
import { cropToDataUrl, IMAGE_ACCEPT, isAcceptedImage, loadImage, pngFileName, readAsDataUrl } from './crop-image';
import { useDiscardGuard } from './discard-changes';
import { Modal } from './modal';
import './image-editor.css';

export interface CroppedImage {
  dataUrl: string;
  fileName: string;
}

export interface CropPixels {
  width: number;
  height: number;
}

export interface ImageEditorProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `advisory` is the text `advise` gave for the saved crop, or null. */
  onSave: (image: CroppedImage, advisory: string | null) => void;
  previewLabel?: 'Cover Image Preview' | 'Banner Image Preview';
  width?: number;
  height?: number;
  aspect?: number;
  /** The output size for a crop of the source's own pixels; default the fixed width x height. */
  outputSize?: (crop: CropPixels) => CropPixels;
  /** Advice about a crop (e.g. too small for a banner), shown under the preview; null when none. */
  advise?: (crop: CropPixels) => string | null;
  chooseHint?: string;
}

export const UNREADABLE_IMAGE = 'This file could not be read as an image. Please choose a .png, .jpg or .jpeg image.';

/** 'Crop Image': choose a png/jpg/jpeg, frame it, preview the result and save it as a PNG data URL. */
export function ImageEditor({
  open,
  onOpenChange,
  onSave,
  previewLabel = 'Cover Image Preview',
  width = CROP_SIZE.width,
  height = CROP_SIZE.height,
  aspect = CROP_SIZE.aspect,
  outputSize,
  advise,
  chooseHint = 'Choose a .png, .jpg or .jpeg image',
}: ImageEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<{ src: string; name: string } | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [preview, setPreview] = useState<string | null>(null);
  const [advisory, setAdvisory] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The image being cropped now: a crop of an earlier image that finishes late is dropped. */
  const currentSrc = useRef<string | null>(null);
  /** An image was chosen and not saved: closing asks before dropping it. */
  const [unsaved, setUnsaved] = useState(false);

  function show(next: { src: string; name: string } | null, message: string | null) {
    currentSrc.current = next?.src ?? null;
    setSource(next);
    setUnsaved(next !== null);
    setError(message);
    setPreview(null);
    setAdvisory(null);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
  }

  // Discarding drops the chosen image: the editor opens empty next time.
  const guard = useDiscardGuard(
    () => unsaved,
    () => {
      show(null, null);
      onOpenChange(false);
    },
    'The image you chose has not been saved.',
  );

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) return show(null, messages.imageType);
    try {
      const src = await readAsDataUrl(file);
      await loadImage(src);
      show({ src, name: file.name }, null);
    } catch {
      show(null, UNREADABLE_IMAGE);
    }
  }

  async function showPreview(_area: Area, pixels: Area) {
    if (!source) return;
    const src = source.src;
    const size = outputSize ? outputSize(pixels) : { width, height };
    try {
      const cropped = await cropToDataUrl(src, pixels, Math.round(size.width), Math.round(size.height));
      if (currentSrc.current !== src) return;
      setPreview(cropped);
      setAdvisory(advise ? advise(pixels) : null);
    } catch (cropError) {
      if (currentSrc.current === src) setError((cropError as Error).message);
    }
  }

  function save() {
    if (!preview || !source) return;
    onSave({ dataUrl: preview, fileName: pngFileName(source.name) }, advisory);
    setUnsaved(false);
    onOpenChange(false);
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : guard.requestClose())}
      title="Crop Image"
      size="large"
      hideClose
    >
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Image file"
        onChange={chooseFile}
      />
      <div className="image-editor">
        <div className="image-editor__stage">
          {source ? (
            <Cropper
              image={source.src}
              crop={crop}
              zoom={zoom}
              aspect={aspect}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={showPreview}
            />
          ) : (
            <button type="button" className="image-editor__empty" onClick={() => fileInput.current?.click()}>
              {chooseHint}
            </button>
          )}
        </div>
        <aside className="image-editor__side">
          <h3 className="image-editor__preview-title">{previewLabel}</h3>
          <div className="image-editor__preview" style={{ aspectRatio: String(aspect) }}>
            {preview ? <img src={preview} alt={previewLabel} /> : <span>No image yet</span>}
          </div>
          {advisory && (
            <p className="image-editor__advisory" role="status">
              {advisory}
            </p>
          )}
          {source && (
            <label className="image-editor__zoom">
              Zoom
              <input
                type="range"
                min={1}
                max={3}
                step={0.05}
                value={zoom}
                onChange={(event) => setZoom(Number(event.target.value))}
              />
            </label>
          )}
        </aside>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="image-editor__actions">
        <Button variant="secondary" onClick={() => fileInput.current?.click()}>
          Choose New Image
        </Button>
        <Button onClick={save} disabled={!preview}>
          Save Image
        </Button>
        <Button variant="ghost" onClick={guard.requestClose}>
          Close
        </Button>
      </div>
      {guard.dialog}
    </Modal>
  );
}
