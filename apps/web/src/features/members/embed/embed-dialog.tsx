import { useId, useState } from 'react';
import {
  EMBED_FRAME,
  EMBED_SIZES,
  EMBED_THEMES,
  embedPath,
  embedSnippet,
  type EmbedKind,
  type EmbedSize,
  type EmbedTheme,
} from '@hfm/shared';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import './embed-dialog.css';

const SIZE_LABELS: Record<EmbedSize, string> = { small: 'Small', large: 'Large' };
const THEME_LABELS: Record<EmbedTheme, string> = { light: 'Light', dark: 'Dark' };

/**
 * The Embed dialog: size and theme, a live preview of the player (the very page the snippet frames), and the
 * snippet to paste into another site with a Copy button (docs/decisions/0056).
 */
export function EmbedDialog({
  kind,
  id,
  name,
  open,
  onOpenChange,
}: {
  kind: EmbedKind;
  id: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [size, setSize] = useState<EmbedSize>(kind === 'song' ? 'small' : 'large');
  const [theme, setTheme] = useState<EmbedTheme>('light');
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const snippetId = useId();
  const path = embedPath(kind, id, { size, theme });
  const snippet = embedSnippet(`${window.location.origin}${path}`, `${name} on HFM`, EMBED_FRAME[size]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Embed ${name}`}
      description="Paste this into any web page: visitors hear previews, subscribers hear whole songs."
      size="large"
      className="embed-dialog"
    >
      <div className="embed-dialog__choices">
        <Choice
          legend="Size"
          options={EMBED_SIZES}
          labels={SIZE_LABELS}
          value={size}
          onChange={(value) => {
            setSize(value);
            setCopied(null);
          }}
        />
        <Choice
          legend="Theme"
          options={EMBED_THEMES}
          labels={THEME_LABELS}
          value={theme}
          onChange={(value) => {
            setTheme(value);
            setCopied(null);
          }}
        />
      </div>
      <iframe
        className="embed-dialog__preview"
        src={path}
        title={`Preview of the embed of ${name}`}
        style={{ height: EMBED_FRAME[size].height }}
      />
      <label className="embed-dialog__label" htmlFor={snippetId}>
        HTML snippet
      </label>
      <textarea
        id={snippetId}
        className="embed-dialog__snippet"
        readOnly
        rows={4}
        value={snippet}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="embed-dialog__actions">
        <span className="embed-dialog__status" role="status">
          {copied === 'copied'
            ? 'Copied to the clipboard.'
            : copied === 'failed'
              ? 'Select the snippet and copy it.'
              : ''}
        </span>
        <Button onClick={() => void copy()}>Copy</Button>
      </div>
    </Modal>
  );
}

function Choice<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="embed-dialog__choice">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="embed-dialog__option">
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          <span>{labels[option]}</span>
        </label>
      ))}
    </fieldset>
  );
}
