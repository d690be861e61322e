import { lazy, Suspense, useId } from 'react';
import './field.css';
import type { PhoneFieldProps } from './phone-input';

const PhoneInputControl = lazy(() => import('./phone-input'));

/** Accepts what older records hold ('+1 555 010 0100', '(202) 555-0101') and returns E.164. */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return '';
  if (phone.trim().startsWith('+')) return `+${digits}`;
  // A national number without a country code is a US number (docs/rules.md, Formats).
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

/** A dedicated phone input with the United States as default and first country. */
export function PhoneField(props: PhoneFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {props.label}
      </label>
      <Suspense fallback={<input id={id} className="ui-field__input" disabled value={props.value} readOnly />}>
        <PhoneInputControl {...props} id={id} errorId={errorId} />
      </Suspense>
      {props.error && (
        <p className="ui-field__error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}
