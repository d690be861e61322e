import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';

export interface SettingsCardProps {
  title: string;
  /** The form's accessible name. */
  formLabel: string;
  /** The card's button that opens the form for editing. */
  editLabel: string;
  submitLabel: string;
  editing: boolean;
  isSaving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A card of the profile whose form only shows its values until its edit button is pressed, then saves or cancels. */
export function SettingsCard(props: SettingsCardProps) {
  const { editing, isSaving } = props;
  return (
    <Card
      title={props.title}
      actions={
        !editing && (
          <Button variant="secondary" onClick={props.onEdit}>
            {props.editLabel}
          </Button>
        )
      }
    >
      <form className="form" onSubmit={props.onSubmit} noValidate aria-label={props.formLabel}>
        {props.children}
        {editing && (
          <div className="form__actions">
            <Button variant="secondary" onClick={props.onCancel} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" isLoading={isSaving}>
              {props.submitLabel}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
