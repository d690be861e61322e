import { useState } from 'react';
import { ZoneNote } from '@/lib/zone-note';
import { FormDialog } from '@/ui/form-dialog';
import { Select } from '@/ui/select';
import type { Meridiem, WallClockTime } from '../bonus-start';

const twoDigits = (value: number) => String(value).padStart(2, '0');
const hourOptions = Array.from({ length: 12 }, (_, index) => ({ value: index + 1, label: twoDigits(index + 1) }));
const minuteOptions = Array.from({ length: 60 }, (_, minute) => ({ value: minute, label: twoDigits(minute) }));
const meridiemOptions = [
  { value: 'AM', label: 'AM' },
  { value: 'PM', label: 'PM' },
] as const;

export interface BonusStartDialogProps {
  sportName: string;
  /** The season's last day, as the dialog names it. */
  lastDay: string;
  /** The sport's zone, the one the time is set in. */
  zone: string;
  isSaving: boolean;
  onSet: (time: WallClockTime) => void;
  onClose: () => void;
}

/** Last Day Bonus Games asks when the last day becomes a bonus day: hours, minutes and AM/PM, all required. */
export function BonusStartDialog({ sportName, lastDay, zone, isSaving, onSet, onClose }: BonusStartDialogProps) {
  const [hours, setHours] = useState<number>();
  const [minutes, setMinutes] = useState<number>();
  const [meridiem, setMeridiem] = useState<Meridiem>();
  const [submitted, setSubmitted] = useState(false);
  const missing = (value: unknown, message: string) => (submitted && value === undefined ? message : undefined);

  return (
    <FormDialog
      title={`Last Day Bonus Games: ${sportName}`}
      submitLabel="Set"
      isSaving={isSaving}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (hours !== undefined && minutes !== undefined && meridiem !== undefined) onSet({ hours, minutes, meridiem });
      }}
    >
      <p>
        From this time on {lastDay} plus 10 minutes, the season&apos;s last day is a bonus day for the client&apos;s
        players.
      </p>
      <ZoneNote zone={zone} />
      <div className="bonus-start__time">
        <Select
          label="Hours"
          placeholder="hh"
          options={hourOptions}
          value={hours}
          onChange={setHours}
          searchable={false}
          error={missing(hours, 'Hours are required')}
        />
        <Select
          label="Minutes"
          placeholder="mm"
          options={minuteOptions}
          value={minutes}
          onChange={setMinutes}
          error={missing(minutes, 'Minutes are required')}
        />
        <Select
          label="AM/PM"
          placeholder="AM/PM"
          options={meridiemOptions}
          value={meridiem}
          onChange={setMeridiem}
          searchable={false}
          error={missing(meridiem, 'AM or PM is required')}
        />
      </div>
    </FormDialog>
  );
}
