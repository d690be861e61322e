import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary';
  /** Disables the button and shows a spinner in front of its label. */
  isLoading?: boolean;
}

export function Button({
  variant = 'primary',
  isLoading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={['ui-button', `ui-button--${variant}`, className].filter(Boolean).join(' ')}
    >
      {isLoading && <Spinner size="sm" label={null} />}
      {children}
    </button>
  );
}
