import { socialStartHref, useSocialProviders } from '../../api/social';

/**
 * 'Sign Up With Facebook' (or the configured provider): brings in names, email and the large profile
 * picture, then opens the Fan Sign Up modal prefilled. Shows only when a provider is configured.
 */
export function SocialSignUp() {
  const { data } = useSocialProviders();
  const providers = data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className="social-sign-up">
      {providers.map((provider) => (
        <a
          key={provider.id}
          className={`button social-sign-up__button social-sign-up__button--${provider.id}`}
          href={socialStartHref(provider.id)}
        >
          {provider.id === 'facebook' && <FacebookMark />}
          <span>Sign Up With {provider.name}</span>
        </a>
      ))}
      <p className="social-sign-up__or">
        <span>or sign up with your email</span>
      </p>
    </div>
  );
}

function FacebookMark() {
  return (
    <svg
      className="social-sign-up__mark"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07"
      />
    </svg>
  );
}
