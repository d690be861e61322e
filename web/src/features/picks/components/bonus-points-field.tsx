import { useId, useState } from 'react';
import { clampBonusPoints } from '@/features/picks/pick-rules';
import '@/ui/field.css';
import './bonus-points-field.css';

export interface BonusPointsFieldProps {
  value: number;
  range: { min: number; max: number };
  onChange: (value: number) => void;
}

/** Starts at 10; − and + stop at the week's limits; a typed value is clamped on blur (docs/rules.md, Bonus bet). */
export function BonusPointsField({ value, range, onChange }: BonusPointsFieldProps) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const commit = (next: number) => {
    setText(null);
    onChange(clampBonusPoints(next, range));
  };
  return (
    <div className="bonus-points">
      <label className="ui-field__label" htmlFor={id}>
        Bonus points
      </label>
      <div className="bonus-points__stepper">
        <button
          type="button"
          className="bonus-points__step"
          aria-label="Decrease bonus points"
          disabled={value <= range.min}
          onClick={() => commit(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          className="ui-field__input bonus-points__input"
          inputMode="numeric"
          autoComplete="off"
          aria-describedby={`${id}-range`}
          value={text ?? String(value)}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => text !== null && commit(Number(text.trim() || Number.NaN))}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && text !== null) {
              event.preventDefault();
              commit(Number(text.trim() || Number.NaN));
            } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
              event.preventDefault();
              commit(value + (event.key === 'ArrowUp' ? 1 : -1));
            }
          }}
        />
        <button
          type="button"
          className="bonus-points__step"
          aria-label="Increase bonus points"
          disabled={value >= range.max}
          onClick={() => commit(value + 1)}
        >
          +
        </button>
      </div>
      <p className="ui-field__hint" id={`${id}-range`}>
        {range.min === range.max
          ? `${range.min} points this week`
          : `From ${range.min} to ${range.max} points this week`}
      </p>
    </div>
  );
}
