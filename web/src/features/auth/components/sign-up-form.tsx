import { useState, type FormEvent } from 'react';
import { registrationForm } from '#domain/contracts/users.ts';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/field-errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { Button } from '@/ui/button';
import { PhoneField } from '@/ui/phone-field';
import { TextField } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useCheckLogin } from '@/features/auth/api/check-login';
import { useRegister, type RegistrationInput } from '@/features/auth/api/register';

type Field = keyof RegistrationInput;
type Errors = Partial<Record<Field, string>>;

/** The login is checked once typing has paused this long (docs/rules.md, Sign-up). */
const loginCheckDelayMs = 500;

const emptyForm: RegistrationInput = {
  login: '',
  emailAddress: '',
  password: '',
  repeatPassword: '',
  displayName: '',
  firstName: '',
  lastName: '',
  phoneNumber: '',
};

/** The server's own rules (the registration contract), plus the phone field's check of the number's length for its country. */
function validate(values: RegistrationInput, phonePossible: boolean): Errors {
  const errors = fieldErrors<Field>(registrationForm, values);
  if (!errors.phoneNumber && !phonePossible) errors.phoneNumber = 'Phone number is not valid';
  return errors;
}

const trimmed = (values: RegistrationInput): RegistrationInput => ({
  ...values,
  login: values.login.trim(),
  emailAddress: values.emailAddress.trim(),
  displayName: values.displayName.trim(),
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
});

export function SignUpForm() {
  const [values, setValues] = useState(emptyForm);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [phonePossible, setPhonePossible] = useState(false);
  const { trigger, isMutating } = useRegister();
  const toast = useToast();

  const login = values.login.trim();
  const settledLogin = useDebouncedValue(login, loginCheckDelayMs);
  const loginCheck = useCheckLogin(settledLogin || null);
  const checkingLogin = login !== settledLogin || loginCheck.isLoading;
  // Sign-up itself may refuse the login too (the client's own system decides then): said under the field as well.
  const [refusedAtSignUp, setRefusedAtSignUp] = useState<{ login: string; message: string }>();
  const checkError = login === settledLogin ? loginCheck.error : undefined;
  const loginRefusal = checkError?.message ?? (refusedAtSignUp?.login === login ? refusedAtSignUp.message : undefined);
  // A client system that cannot be asked now is said but does not block: signing up asks it again.
  const blocksSignUp = Boolean(loginRefusal) && !(checkError instanceof ApiError && checkError.status === 503);

  const errors = validate(values, phonePossible);
  const shown = (field: Field) => (submitted || touched[field] ? errors[field] : undefined);
  const loginHint = !login
    ? undefined
    : checkingLogin
      ? 'Checking the login…'
      : loginCheck.data
        ? 'This login is available'
        : undefined;

  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  // Leaving a field untouched says nothing yet; leaving one with something typed in checks it.
  const touch = (field: Field) => () => {
    if (values[field]) setTouched((current) => ({ ...current, [field]: true }));
  };
  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    error: shown(field),
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    onBlur: touch(field),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    // Sign-up waits for the login check and refuses a login it rejected.
    if (Object.keys(errors).length || checkingLogin || blocksSignUp) return;
    try {
      await trigger(trimmed(values), { throwOnError: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LOGIN_REFUSED')
        setRefusedAtSignUp({ login, message: error.message });
      else toast.notifyError(error);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="form__section-title">Account</p>
      <div className="form__grid">
        <TextField
          label="Login"
          autoComplete="username"
          autoFocus
          {...fieldProps('login')}
          error={shown('login') ?? loginRefusal}
          hint={loginHint}
        />
        <TextField label="Email address" type="email" autoComplete="email" {...fieldProps('emailAddress')} />
        <TextField label="Password" type="password" autoComplete="new-password" {...fieldProps('password')} />
        <TextField
          label="Repeat password"
          type="password"
          autoComplete="new-password"
          {...fieldProps('repeatPassword')}
        />
      </div>
      <p className="form__section-title">About you</p>
      <div className="form__grid">
        <TextField
          label="Display name"
          autoComplete="nickname"
          className="form__grid--span"
          {...fieldProps('displayName')}
        />
        <TextField label="First name" autoComplete="given-name" {...fieldProps('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...fieldProps('lastName')} />
        <div className="form__grid--span">
          <PhoneField
            label="Phone number"
            name="phoneNumber"
            value={values.phoneNumber}
            onChange={(value, possible) => {
              set('phoneNumber')(value);
              setPhonePossible(possible);
            }}
            onBlur={touch('phoneNumber')}
            error={shown('phoneNumber')}
          />
        </div>
      </div>
      <Button type="submit" isLoading={isMutating} disabled={checkingLogin || blocksSignUp}>
        Sign Up
      </Button>
    </form>
  );
}
