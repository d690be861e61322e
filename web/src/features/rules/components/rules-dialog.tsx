import { useState } from 'react';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Modal } from '@/ui/modal';
import { hideRules } from '@/features/rules/rules-preference';
import '@/features/rules/rules.css';

/** The rules as shown to players (docs/rules.md, Rules dialog). */
const rules = [
  'The betting week runs Wednesday through Sunday.',
  'Bonus games are picked from Monday and Tuesday games.',
  "The bonus bet is at least 10 points and at most 10 plus the week's lead. If the weekly total is negative the minimum is still 10.",
  'On the last day of the season a specific start time is designated for bonus games.',
  'Failing to make picks costs -50 points.',
];

export interface RulesDialogProps {
  open: boolean;
  /** Opened by the user from the info button: nothing to opt out of. */
  readOnly: boolean;
  onClose: () => void;
}

export function RulesDialog({ open, readOnly, onClose }: RulesDialogProps) {
  const [dontShowAgain, setDontShowAgain] = useState(false);

  const understood = () => {
    if (!readOnly && dontShowAgain) hideRules();
    onClose();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Rules Description"
      footer={
        <div className="modal-footer-split">
          {readOnly ? (
            <span />
          ) : (
            <Checkbox
              label="Don't show again"
              checked={dontShowAgain}
              onChange={(event) => setDontShowAgain(event.target.checked)}
            />
          )}
          <Button onClick={understood}>Understood</Button>
        </div>
      }
    >
      <p className="muted">Each week pick 5 games against the spread and stake 20, 10, 10, 5 and 5 points on them.</p>
      <ol className="rules-list">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
    </Modal>
  );
}
