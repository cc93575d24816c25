/** The two-step header: Image lights up once a valid profile image is chosen, Info once the form is valid. */
export function SignUpProgress({ imageDone, infoDone }: { imageDone: boolean; infoDone: boolean }) {
  const steps = [
    { label: 'Image', done: imageDone },
    { label: 'Info', done: infoDone },
  ];
  return (
    <ol className="sign-up-progress" aria-label="Sign-up progress">
      {steps.map((step, index) => (
        <li
          key={step.label}
          className={step.done ? 'sign-up-progress__step is-done' : 'sign-up-progress__step'}
          data-done={step.done}
        >
          <span className="sign-up-progress__dot" aria-hidden="true">
            {step.done ? '✓' : index + 1}
          </span>
          <span>{step.label}</span>
          <span className="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
        </li>
      ))}
    </ol>
  );
}
