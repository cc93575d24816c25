import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichText } from './rich-text';

afterEach(cleanup);

describe('RichText, document variant', () => {
  it('has section headings, and a heading keeps its anchor id (in the editor, so in what it saves)', () => {
    const onChange = vi.fn();
    render(
      <RichText
        variant="document"
        label="Text"
        value={'<h2 id="userGuidelines">User guidelines</h2><p>Be kind.</p>'}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('button', { name: 'Section heading' })).toBeInTheDocument();
    const editor = screen.getByRole('textbox', { name: 'Text' });
    expect(editor.querySelector('h2')).toHaveAttribute('id', 'userGuidelines');
    expect(editor.querySelector('h2')).toHaveTextContent('User guidelines');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('the bio variant has no headings', () => {
    render(<RichText label="Bio" value={'<h2 id="x">Title</h2><p>Hi</p>'} onChange={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Section heading' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Bio' }).querySelector('h2')).toBeNull();
  });
});
