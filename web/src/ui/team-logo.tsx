import './team-logo.css';

export interface TeamLogoProps {
  /** Base64 of the team's SVG logo; without one the team's initials stand in. */
  logo: string | undefined;
  name: string;
  size?: number;
}

/** Decorative: the team's name is always written next to it. */
export function TeamLogo({ logo, name, size = 32 }: TeamLogoProps) {
  if (logo) {
    return <img className="ui-team-logo" src={`data:image/svg+xml;base64,${logo}`} alt="" width={size} height={size} />;
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
