import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDelete } from './confirm-delete';

describe('ConfirmDelete', () => {
  afterEach(cleanup);

  it('asks "Really delete item?" and confirms', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmDelete onConfirm={onConfirm} label="Delete First album" />);
    expect(screen.queryByText('Really delete item?')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete First album' }));
    expect(screen.getByRole('alertdialog', { name: 'Really delete item?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('hides again on Cancel or Escape without deleting', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmDelete onConfirm={onConfirm} text="Remove this song?" />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Remove this song?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
