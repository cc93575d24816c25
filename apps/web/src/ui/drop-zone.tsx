import { useState, type ReactNode } from 'react';
import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import './drop-zone.css';

export interface DropZoneProps {
  /** MIME types and their extensions, as react-dropzone takes them. */
  accept: Accept;
  /** Shown when a dropped or chosen file is not accepted: one message, or one made from the first refused file. */
  rejectMessage: string | ((file: File) => string);
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  /** The accessible name of the hidden file input, e.g. 'Choose audio files'. */
  inputLabel: string;
  children: ReactNode;
}

/** Drop files here or press to choose them; unaccepted files are refused with the given message. */
export function DropZone({
  accept,
  rejectMessage,
  onFiles,
  multiple = true,
  disabled,
  inputLabel,
  children,
}: DropZoneProps) {
  const [rejected, setRejected] = useState<string | null>(null);
  const messageFor = (file: File) => (typeof rejectMessage === 'string' ? rejectMessage : rejectMessage(file));
  const onDrop = (accepted: File[], rejections: FileRejection[]) => {
    setRejected(rejections[0] ? messageFor(rejections[0].file) : null);
    if (accepted.length > 0) onFiles(accepted);
  };
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    multiple,
    disabled,
    onDrop,
    validator: (file) =>
      acceptsByExtension(file, accept)
        ? null
        : { code: 'file-invalid-type', message: file instanceof File ? messageFor(file) : '' },
  });
  return (
    <div className="drop-zone-wrap">
      <div
        {...getRootProps({
          className: ['drop-zone', isDragActive ? 'drop-zone--active' : null, disabled ? 'drop-zone--disabled' : null]
            .filter(Boolean)
            .join(' '),
        })}
      >
        <input {...getInputProps({ 'aria-label': inputLabel })} />
        {children}
      </div>
      {rejected && (
        <p className="drop-zone__error" role="alert">
          {rejected}
        </p>
      )}
    </div>
  );
}

function acceptsByExtension(file: File | DataTransferItem, accept: Accept): boolean {
  if (!('name' in file) || typeof file.name !== 'string') return true;
  const extensions = Object.values(accept).flat();
  return extensions.some((extension) => file.name.toLowerCase().endsWith(extension.toLowerCase()));
}
