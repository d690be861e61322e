import { bonusGameDayProblems } from '#domain/catalogue/sport-days.ts';
import type { DayFlags } from '#domain/catalogue/types.ts';
import type { PickDay } from '#domain/season/zoned-time.ts';
import { Alert } from './alert';
import { SegmentedControl } from './segmented-control';
import { Select } from './select';
import './pick-days-fields.css';

interface Weekday {
  day: PickDay;
  name: string;
  short: string;
  flag: keyof Omit<DayFlags, 'firstBonusGameDay' | 'secondBonusGameDay'>;
}

/** Monday to Sunday, with the product's numbering (1 Wednesday … 7 Tuesday). */
const weekdays: readonly Weekday[] = [
  { day: 6, name: 'Monday', short: 'Mon', flag: 'allowMondayPicks' },
  { day: 7, name: 'Tuesday', short: 'Tue', flag: 'allowTuesdayPicks' },
  { day: 1, name: 'Wednesday', short: 'Wed', flag: 'allowWednesdayPicks' },
  { day: 2, name: 'Thursday', short: 'Thu', flag: 'allowThursdayPicks' },
  { day: 3, name: 'Friday', short: 'Fri', flag: 'allowFridayPicks' },
  { day: 4, name: 'Saturday', short: 'Sat', flag: 'allowSaturdayPicks' },
  { day: 5, name: 'Sunday', short: 'Sun', flag: 'allowSundayPicks' },
];

const kinds = [
  { value: 'regular', label: 'Regular' },
  { value: 'bonus', label: 'Bonus' },
] as const;

const dayOptions = weekdays.map(({ day, name }) => ({ value: day, label: name }));
const shortName = (day: PickDay) => weekdays.find((weekday) => weekday.day === day)?.short ?? String(day);

/** The pick days in a line: 'Regular: Wed, Thu, Fri, Sat, Sun · Bonus: Mon, Tue · Bonus games: Mon, Tue'. */
export function describePickDays(flags: DayFlags): string {
  const regular = weekdays.filter((weekday) => flags[weekday.flag]).map((weekday) => weekday.short);
  const bonus = weekdays.filter((weekday) => !flags[weekday.flag]).map((weekday) => weekday.short);
  return [
    `Regular: ${regular.join(', ') || 'none'}`,
    `Bonus: ${bonus.join(', ') || 'none'}`,
    `Bonus games: ${shortName(flags.firstBonusGameDay)}, ${shortName(flags.secondBonusGameDay)}`,
  ].join(' · ');
}

/** Whether two settings of the pick days are the same. */
export function sameDays(a: DayFlags, b: DayFlags): boolean {
  return (
    weekdays.every((weekday) => a[weekday.flag] === b[weekday.flag]) &&
    a.firstBonusGameDay === b.firstBonusGameDay &&
    a.secondBonusGameDay === b.secondBonusGameDay
  );
}

/** Only the pick days of a client sport. */
export function dayFlagsOf(flags: DayFlags): DayFlags {
  return {
    ...Object.fromEntries(weekdays.map((weekday) => [weekday.flag, flags[weekday.flag]])),
    firstBonusGameDay: flags.firstBonusGameDay,
    secondBonusGameDay: flags.secondBonusGameDay,
  } as DayFlags;
}

/** The server's rule, said while choosing: bonus games are played on Bonus days, never on a regular pick day. */
export const pickDaysProblems = (flags: DayFlags) => bonusGameDayProblems(flags).map((problem) => problem.message);

/** Each weekday Regular or Bonus, and the first and second bonus game days; what contradicts itself is said. */
export function PickDaysFields({ value, onChange }: { value: DayFlags; onChange: (flags: DayFlags) => void }) {
  const problems = pickDaysProblems(value);
  return (
    <fieldset className="pick-days">
      <legend className="form__section-title">Pick days</legend>
      <ul className="pick-days__list">
        {weekdays.map((weekday) => (
          <li key={weekday.flag} className="pick-days__day">
            <span aria-hidden="true">{weekday.name}</span>
            <SegmentedControl
              label={weekday.name}
              options={kinds}
              value={value[weekday.flag] ? 'regular' : 'bonus'}
              onChange={(kind) => onChange({ ...value, [weekday.flag]: kind === 'regular' })}
            />
          </li>
        ))}
      </ul>
      <div className="form__grid">
        <Select
          label="First bonus game day"
          options={dayOptions}
          value={value.firstBonusGameDay}
          onChange={(day) => onChange({ ...value, firstBonusGameDay: day })}
          searchable={false}
        />
        <Select
          label="Second bonus game day"
          options={dayOptions}
          value={value.secondBonusGameDay}
          onChange={(day) => onChange({ ...value, secondBonusGameDay: day })}
          searchable={false}
        />
      </div>
      {problems.length > 0 && (
        <Alert status="warn">
          {problems.map((problem) => (
            <span key={problem} className="pick-days__problem">
              {problem}
            </span>
          ))}
        </Alert>
      )}
    </fieldset>
  );
}
