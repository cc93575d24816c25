import { messages } from '@hfm/shared';
import { cleanup, screen, within, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch, stubLocation, type StubRoute } from '../../test/test-utils';
import { userFixture } from '../../test/users';
import { FanSignUpModal } from './fan-sign-up-modal';
import FanSignUpPage from './fan-sign-up-page';
// The form loads its discard question when first needed; loaded here, its first showing waits on no transform.
import '../../ui/discard-changes';

const emailFree: StubRoute = { method: 'GET', path: /check-email/, reply: { body: { exists: false } } };
const emailTaken: StubRoute = { method: 'GET', path: /check-email/, reply: { body: { exists: true } } };
const created: StubRoute = { method: 'POST', path: '/api/users/create', reply: { status: 201, body: userFixture() } };

async function fillValidForm(user: UserEvent) {
  await user.type(screen.getByLabelText('First Name'), 'Sam');
  await user.type(screen.getByLabelText('Last Name'), 'Cooke');
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), 'Change-Gonna1');
  await user.type(screen.getByLabelText('Confirm Password'), 'Change-Gonna1');
  await user.type(screen.getByLabelText('Birthday'), '01/22/1991');
  await user.click(screen.getByRole('radio', { name: 'Prefer Not To Say' }));
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const step = (name: string) =>
  within(screen.getByRole('list', { name: 'Sign-up progress' }))
    .getByText(name)
    .closest('li');

describe('Fan Sign Up page', () => {
  let location: ReturnType<typeof stubLocation>;
  beforeEach(() => (location = stubLocation('http://localhost/main/#/fan-sign-up')));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers the four gender buttons and keeps Continue disabled until the form is valid, lighting up Info', async () => {
    stubFetch([emailFree, created]);
    const user = userEvent.setup();
    renderWithClient(<FanSignUpPage />);
    expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
      'Male',
      'Female',
      'Non-Binary',
      'Prefer Not To Say',
    ]);
    expect(continueButton()).toBeDisabled();
    expect(step('Info')).toHaveAttribute('data-done', 'false');
    expect(step('Image')).toHaveAttribute('data-done', 'false');
    await fillValidForm(user);
    expect(continueButton()).toBeEnabled();
    expect(step('Info')).toHaveAttribute('data-done', 'true');
  });

  it('saves with role subscriber and shows "Just one more step!" with a way to enter the code', async () => {
    const calls = stubFetch([emailFree, created]);
    const user = userEvent.setup();
    renderWithClient(<FanSignUpPage />);
    await fillValidForm(user);
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Just one more step!' })).toBeInTheDocument();
    expect(screen.getByText('Check your email for a confirmation link!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter your code' })).toHaveAttribute(
      'href',
      '/main/#/confirm?email=sam%40example.com',
    );
    expect(calls.find((call) => call.path === '/api/users/create')?.body).toMatchObject({
      firstName: 'Sam',
      lastName: 'Cooke',
      email: 'sam@example.com',
      dob: '01/22/1991',
      gender: 'PREFER NOT TO SAY',
      role: 'subscriber',
    });
  });

  it('stops with "{email} already exists." when the email is taken', async () => {
    const calls = stubFetch([emailTaken, created]);
    const user = userEvent.setup();
    renderWithClient(<FanSignUpPage />);
    await fillValidForm(user);
    await user.click(continueButton());
    expect(await screen.findByText('sam@example.com already exists.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/users/create')).toBe(false);
  });

  it('Cancel goes to the fan landing', async () => {
    stubFetch([]);
    const user = userEvent.setup();
    renderWithClient(<FanSignUpPage />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(location.assign).toHaveBeenCalledWith('/main/#/fans');
  });

  it('refuses an image that is not png, jpg or jpeg in the image editor', async () => {
    stubFetch([]);
    const user = userEvent.setup({ applyAccept: false });
    renderWithClient(<FanSignUpPage />);
    await user.click(screen.getByRole('button', { name: 'Add image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop Image' });
    expect(within(dialog).getByText('Cover Image Preview')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save Image' })).toBeDisabled();
    await user.upload(
      within(dialog).getByLabelText('Image file'),
      new File(['GIF89a'], 'cover.gif', { type: 'image/gif' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.imageType);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Fan Sign Up modal', () => {
  let location: ReturnType<typeof stubLocation>;
  beforeEach(() => (location = stubLocation('http://localhost/main/#/fans')));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is titled "Fan Sign Up" and says "That email address already exists." for a taken email', async () => {
    stubFetch([emailTaken]);
    const user = userEvent.setup();
    renderWithClient(<FanSignUpModal open onOpenChange={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Fan Sign Up' })).toBeInTheDocument();
    await fillValidForm(user);
    await user.click(continueButton());
    expect(await screen.findByText(messages.emailExistsModal)).toBeInTheDocument();
  });

  it('asks before Escape, the corner ×, a click outside or Cancel drops what was typed; closes at once when nothing was', async () => {
    stubFetch([emailFree]);
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithClient(<FanSignUpModal open onOpenChange={onOpenChange} />);
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
    onOpenChange.mockClear();

    await user.type(screen.getByLabelText('First Name'), 'Sam');
    const keepEditing = async () => {
      const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
      expect(ask).toHaveTextContent('The sign-up details you typed have not been saved.');
      await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
      expect(screen.getByLabelText('First Name')).toHaveValue('Sam');
    };
    await user.keyboard('{Escape}');
    await keepEditing();
    const signUp = screen.getByRole('dialog', { name: 'Fan Sign Up' });
    await user.click(within(signUp).getByRole('button', { name: 'Close' }));
    await keepEditing();
    // A click on the dimmed page around the dialog.
    await user.click(document.querySelector<HTMLElement>('.modal__overlay')!);
    await keepEditing();
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard changes' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('the sign-up page has no discard question: Cancel leaves at once', async () => {
    stubFetch([emailFree]);
    const user = userEvent.setup();
    renderWithClient(<FanSignUpPage />);
    await user.type(screen.getByLabelText('First Name'), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(location.assign).toHaveBeenCalledWith('/main/#/fans');
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
  });

  it('shows "Saving profile..." and then goes to /login, which says a code was mailed', async () => {
    let finish!: () => void;
    const saved = new Promise<void>((resolve) => (finish = resolve));
    stubFetch([
      emailFree,
      {
        method: 'POST',
        path: '/api/users/create',
        reply: async () => (await saved, { status: 201, body: userFixture() }),
      },
    ]);
    const user = userEvent.setup();
    renderWithClient(<FanSignUpModal open onOpenChange={() => undefined} />);
    await fillValidForm(user);
    await user.type(screen.getByLabelText('Email'), '{Enter}');
    expect(await screen.findByText(messages.savingProfile)).toBeInTheDocument();
    finish();
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/login?signedUp=1&email=sam%40example.com'));
  });
});
