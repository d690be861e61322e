import type { InputHTMLAttributes } from 'react';
import './switch.css';

export interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> {
  label: string;
}

/** An on/off setting that applies at once (a checkbox is for a choice submitted with a form). */
export function Switch({ label, className, ...rest }: SwitchProps) {
  return (
    <label className={['ui-switch', className].filter(Boolean).join(' ')}>
      <input {...rest} type="checkbox" role="switch" className="ui-switch__input" />
      <span className="ui-switch__track" aria-hidden="true">
        <span className="ui-switch__thumb" />
      </span>
      <span>{label}</span>
    </label>
  );
}
