import { lazy, Suspense, useId } from 'react';
import './field.css';
import type { PhoneFieldProps } from './phone-input';

const PhoneInputControl = lazy(() => import('./phone-input'));

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
