import type { InputHTMLAttributes, Ref } from 'react';
import './checkbox.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, className, ...rest }: CheckboxProps) {
  return (
    <label className={['ui-checkbox', className].filter(Boolean).join(' ')}>
      <input {...rest} type="checkbox" className="ui-checkbox__input" />
      <span>{label}</span>
    </label>
  );
}
