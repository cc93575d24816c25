import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageEditor, type CroppedImage } from './image-editor';
import { CROPPED_PNG, stubBrowserImaging } from '../test/browser-imaging';

/** The editor as the album and account screens hold it: kept mounted, opened by a button. */
function Host({ onSave }: { onSave: (image: CroppedImage) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit image
      </button>
      <p>{open ? 'editor open' : 'editor closed'}</p>
      <ImageEditor open={open} onOpenChange={setOpen} onSave={onSave} />
    </>
  );
}

const editor = () => screen.getByRole('dialog', { name: 'Crop Image' });
const cropperImage = () => editor().querySelector('img.reactEasyCrop_Image');

async function openAndChoose(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Edit image' }));
  await user.upload(
    within(editor()).getByLabelText('Image file'),
    new File(['png'], 'cover.png', { type: 'image/png' }),
  );
  await waitFor(() => expect(cropperImage()).not.toBeNull());
}

async function keepEditing(user: UserEvent) {
  const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
  expect(ask).toHaveTextContent('The image you chose has not been saved.');
  await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
  expect(cropperImage()).not.toBeNull();
  expect(screen.getByText('editor open')).toBeInTheDocument();
}

describe('Crop Image', () => {
  beforeEach(() => stubBrowserImaging());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('closes at once on Escape or Close while no image is chosen', async () => {
    const user = userEvent.setup();
    render(<Host onSave={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Edit image' }));
    await user.keyboard('{Escape}');
    expect(screen.getByText('editor closed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit image' }));
    await user.click(within(editor()).getByRole('button', { name: 'Close' }));
    expect(screen.getByText('editor closed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
  });

  it('asks before Escape, Close or a click outside drops a chosen image; Discard drops it', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Host onSave={onSave} />);
    await openAndChoose(user);

    await user.keyboard('{Escape}');
    await keepEditing(user);
    await user.click(within(editor()).getByRole('button', { name: 'Close' }));
    await keepEditing(user);
    await user.click(document.querySelector<HTMLElement>('.modal__overlay')!);
    await keepEditing(user);

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByText('editor closed')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    // The dropped image is gone when the editor opens again.
    await user.click(screen.getByRole('button', { name: 'Edit image' }));
    expect(cropperImage()).toBeNull();
    expect(within(editor()).getByRole('button', { name: 'Choose a .png, .jpg or .jpeg image' })).toBeInTheDocument();
  });

  it('does not ask after the image is saved', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Host onSave={onSave} />);
    await openAndChoose(user);
    fireEvent.load(cropperImage()!);
    const save = within(editor()).getByRole('button', { name: 'Save Image' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith({ dataUrl: CROPPED_PNG, fileName: 'cover.png' }, null);
    expect(screen.getByText('editor closed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit image' }));
    await user.keyboard('{Escape}');
    expect(screen.getByText('editor closed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
  });
});
