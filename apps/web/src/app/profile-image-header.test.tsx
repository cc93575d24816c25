import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUploadProfileImage } from '../api/artists/upload-images';
import { renderWithClient, stubFetch, stubLocation } from '../test/test-utils';
import { userFixture } from '../test/users';
import SignedInApp from './signed-in-app';

const admin = userFixture({
  _id: 'u1',
  id: 'u1',
  firstName: 'Nina',
  lastName: 'Simone',
  name: 'Nina Simone',
  email: 'nina@example.com',
  role: 'ADMIN',
});

function UploadButton() {
  const upload = useUploadProfileImage('u1');
  return (
    <button type="button" onClick={() => upload.mutate({ dataUrl: 'data:image/png;base64,AA==', fileName: 'me.png' })}>
      Upload
    </button>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the header avatar', () => {
  it('shows a new profile image as soon as it is saved, without a reload', async () => {
    stubLocation('http://localhost/admin/');
    stubFetch([
      { method: 'GET', path: '/api/users/session/profile', reply: { body: { user: admin, artist: null } } },
      { method: 'POST', path: '/api/profile-image/upload/u1', reply: { body: { path: '/media/profiles/u1.png' } } },
    ]);
    const user = userEvent.setup();
    const { container } = renderWithClient(
      <>
        <SignedInApp area="admin" />
        <UploadButton />
      </>,
    );
    await screen.findByText('Nina Simone');
    const avatar = () => container.querySelector('.shell-header__avatar')!;
    expect(avatar()).toHaveTextContent('NS');

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(avatar().querySelector('img')).toHaveAttribute('src', '/media/profiles/u1.png'));
    expect(avatar()).not.toHaveTextContent('NS');
  });
});
