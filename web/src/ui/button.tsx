import type { ButtonHTMLAttributes, ComponentPropsWithRef, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const buttonClass = (variant: ButtonVariant, className: string | undefined, extra?: string) =>
  ['ui-button', `ui-button--${variant}`, extra, className].filter(Boolean).join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
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
      className={buttonClass(variant, className)}
    >
      {isLoading && <Spinner size="sm" label={null} />}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
}

/** A link that looks like a button: it navigates, so it is announced and opened as a link. */
export function ButtonLink({ variant = 'primary', className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClass(variant, className)} />;
}

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'aria-label' | 'children'> {
  /** The button's accessible name, also shown as its tooltip. */
  label: string;
  icon: ReactNode;
  /** Small count shown over the icon, e.g. unread notifications. */
  badge?: number;
  /** What the badge counts, e.g. 'unread'; said after the count. */
  badgeLabel?: string;
}

export function IconButton({ label, icon, badge, badgeLabel, className, type = 'button', ...rest }: IconButtonProps) {
  const count = badge ? (badge > 9 ? '9+' : String(badge)) : undefined;
  // The name holds the count the badge shows, so what is said (and what speech input matches) is what is seen.
  const name = count ? `${label}, ${[count, badgeLabel].filter(Boolean).join(' ')}` : label;
  return (
    <button
      {...rest}
      type={type}
      aria-label={name}
      title={label}
      className={['ui-icon-button', className].filter(Boolean).join(' ')}
    >
      {icon}
      {count && (
        <span className="ui-icon-button__badge" aria-hidden="true">
          {count}
        </span>
      )}
    </button>
  );
}

export interface IconLinkProps extends Omit<LinkProps, 'aria-label' | 'children'> {
  label: string;
  icon: ReactNode;
}

export function IconLink({ label, icon, className, ...rest }: IconLinkProps) {
  return (
    <Link
      {...rest}
      aria-label={label}
      title={label}
      className={['ui-icon-button', className].filter(Boolean).join(' ')}
    >
      {icon}
    </Link>
  );
}
