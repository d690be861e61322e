import './team-logo.css';

export interface TeamLogoProps {
  /** Base64 of the team's SVG logo; without one the team's initials stand in. */
  logo: string | undefined;
  name: string;
  size?: number;
  /** Set where the logo is the subject (the teams page); elsewhere it is decorative, the name written beside it. */
  alt?: string;
}

/**
 * Only ever an image: an SVG shown through <img> runs no script and loads nothing. Sized by its attributes, so it
 * shifts nothing when it arrives.
 */
export function TeamLogo({ logo, name, size = 32, alt = '' }: TeamLogoProps) {
  if (logo) {
    return (
      <img
        className="ui-team-logo"
        src={`data:image/svg+xml;base64,${logo}`}
        alt={alt}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 3);
  return (
    <span className="ui-team-logo ui-team-logo--fallback" style={{ width: size, height: size }} aria-hidden="true">
      {initials}
    </span>
  );
}
