// The heavy half of the phone field (the phone library, its metadata and every flag), loaded on demand.
import PhoneInput, { isPossiblePhoneNumber } from 'react-phone-number-input';
// Flags are bundled: the library's default would fetch each flag image from a third-party site.
import flags from 'react-phone-number-input/flags';
import './phone-input.css';
import 'react-phone-number-input/style.css';

export interface PhoneFieldProps {
  label: string;
  /** E.164 ('+12025550101'), or '' when empty. */
  value: string;
  /** `possible`: the number has a plausible length for its country. */
  onChange: (value: string, possible: boolean) => void;
  onBlur?: () => void;
  error?: string | undefined;
  disabled?: boolean;
  name?: string;
}

export default function PhoneInputControl({
  id,
  value,
  onChange,
  onBlur,
  error,
  errorId,
  disabled,
  name,
}: PhoneFieldProps & { id: string; errorId: string }) {
  return (
    <PhoneInput
      id={id}
      name={name}
      className={['ui-phone', error && 'ui-phone--invalid'].filter(Boolean).join(' ')}
      value={value || undefined}
      onChange={(next) => onChange(next ?? '', next ? isPossiblePhoneNumber(next) : false)}
      onBlur={onBlur}
      defaultCountry="US"
      countryOptionsOrder={['US', '|', '...']}
      flags={flags}
      disabled={disabled}
      autoComplete="tel"
      numberInputProps={{
        className: 'ui-field__input',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      }}
    />
  );
}
