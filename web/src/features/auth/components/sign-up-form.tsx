import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { registrationForm } from '#domain/contracts/users.ts';
import { ApiError, mayAnswerLater } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { PhoneField } from '@/ui/phone-field';
import { TextField } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useCheckLogin } from '@/features/auth/api/check-login';
import { useRegister, type RegistrationInput } from '@/features/auth/api/register';
import { useSignUpRules } from '@/features/auth/api/get-sign-up-rules';
import { inviteRequiredMessage } from '#domain/tenancy/invites.ts';

type Field = keyof RegistrationInput;

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
const fields = z.intersection(
  registrationForm,
  z.object({ phonePossible: z.boolean() }).check(
    z.superRefine((values, context) => {
      if (!values.phonePossible)
        context.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'Phone number is not valid' });
    }),
  ),
);

const trimmed = (values: RegistrationInput): RegistrationInput => ({
  ...values,
  login: values.login.trim(),
  emailAddress: values.emailAddress.trim(),
  displayName: values.displayName.trim(),
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
});

export function SignUpForm() {
  const form = useForm({ resolver: zodResolver(fields), defaultValues: { ...emptyForm, phonePossible: false } });
  const { errors, isSubmitted } = form.formState;
  const values = form.watch();
  // Fields left with something typed in, whose rules are said from then on.
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const { trigger, isMutating } = useRegister();
  const toast = useToast();
  // An invite link opens the page as /#/sign-up?invite=CODE (docs/rules.md, Invites).
  const inviteCode = useSearchParams()[0].get('invite') || undefined;
  const [inviteRefusal, setInviteRefusal] = useState<string>();
  // Asked on arrival: at an invite-only client, a missing or not working link is refused before anything is typed.
  const rulesCall = useSignUpRules(inviteCode);
  const rules = rulesCall.data;
  const linkRefusal = rules?.invite?.works === false ? rules.invite.message : undefined;
  const needsInvite = rules?.inviteOnly === true && (!inviteCode || linkRefusal !== undefined);
  const inviteWarning =
    inviteRefusal ?? (needsInvite ? (linkRefusal ?? inviteRequiredMessage(rules.clientName)) : undefined);
  // A link that does not work at an open client is no reason to refuse: it is said, and sign-up goes on without it.
  const openAnyway =
    rules && !rules.inviteOnly && linkRefusal
      ? `This invite link does not work here, but sign-up at ${rules.clientName} is open: you can sign up without it.`
      : undefined;
  // If the check could not be made, sign-up itself decides.
  const invited = inviteCode && !inviteRefusal && (rules?.invite?.works === true || rulesCall.error !== undefined);

  const login = values.login.trim();
  const settledLogin = useDebouncedValue(login, loginCheckDelayMs);
  const loginCheck = useCheckLogin(settledLogin || null);
  const checkingLogin = login !== settledLogin || loginCheck.isLoading;
  // Sign-up itself may refuse the login too (the client's own system decides then): said under the field as well.
  const [refusedAtSignUp, setRefusedAtSignUp] = useState<{ login: string; message: string }>();
  const checkError = login === settledLogin ? loginCheck.error : undefined;
  const loginRefusal = checkError?.message ?? (refusedAtSignUp?.login === login ? refusedAtSignUp.message : undefined);
  // A check that could not be made now (offline, a busy server, the client's system out of reach) is said but does not
  // block: signing up checks the login again itself.
  const blocksSignUp = Boolean(loginRefusal) && !mayAnswerLater(checkError);

  const shown = (field: Field) => errors[field]?.message;
  const loginHint = !login
    ? undefined
    : checkingLogin
      ? 'Checking the login…'
      : loginCheck.data
        ? 'This login is available'
        : undefined;

  // Leaving a field untouched says nothing yet; leaving one with something typed in checks it.
  const touch = (field: Field) => () => {
    if (!form.getValues(field)) return;
    setTouched((current) => new Set(current).add(field));
    void form.trigger(field);
  };
  const recheck = (field: Field) => {
    if (touched.has(field) && !isSubmitted) void form.trigger(field);
  };
  const fieldProps = (field: Exclude<Field, 'phoneNumber'>) => ({
    error: shown(field),
    ...form.register(field, { onBlur: touch(field), onChange: () => recheck(field) }),
    // Nothing to type where sign-up is refused anyway.
    disabled: needsInvite,
  });

  const send = form.handleSubmit(async () => {
    // Sign-up waits for the login check and refuses a login it rejected.
    if (checkingLogin || blocksSignUp) return;
    // The values as typed (trimmed): the server applies its rules itself.
    const { phonePossible: _phoneChecked, ...typed } = form.getValues();
    try {
      await trigger({ ...trimmed(typed), ...(inviteCode ? { inviteCode } : {}) }, { throwOnError: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LOGIN_REFUSED')
        setRefusedAtSignUp({ login, message: error.message });
      else if (error instanceof ApiError && (error.code === 'INVITE_REQUIRED' || error.code === 'INVITE_NOT_VALID'))
        setInviteRefusal(error.message);
      else toast.notifyError(error);
    }
  });

  return (
    <form className="form" onSubmit={(event) => void send(event)} noValidate>
      {invited && <Alert status="info">You were invited: your account joins the pool.</Alert>}
      {openAnyway && !inviteRefusal && <Alert status="info">{openAnyway}</Alert>}
      {inviteWarning && <Alert status="warn">{inviteWarning}</Alert>}
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
              form.setValue('phonePossible', possible);
              form.setValue('phoneNumber', value, { shouldValidate: isSubmitted });
              recheck('phoneNumber');
            }}
            onBlur={touch('phoneNumber')}
            error={shown('phoneNumber')}
            disabled={needsInvite}
          />
        </div>
      </div>
      <Button type="submit" isLoading={isMutating} disabled={checkingLogin || blocksSignUp || needsInvite}>
        Sign Up
      </Button>
    </form>
  );
}
