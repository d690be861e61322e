import { type FormEvent, useState } from 'react';
import { announcementLimits } from '#domain/tenancy/announcements.ts';
import { Checkbox } from '@/ui/checkbox';
import { FormDialog } from '@/ui/form-dialog';
import { TextArea } from '@/ui/text-area';
import { TextField } from '@/ui/text-field';
import { useDialogSave } from '@/lib/use-dialog-save';
import { useAddAnnouncement } from '../api/add-announcement';

const tooLong = (label: string, text: string, max: number) =>
  text.length > max ? `${label} must be at most ${max.toLocaleString('en-US')} characters` : undefined;

/** Writes an announcement to the pool, mailed to every player if asked (docs/rules.md, Announcements). */
export function PostAnnouncementDialog({ onClose }: { onClose: () => void }) {
  const { save, failure } = useDialogSave(onClose);
  const posting = useAddAnnouncement();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [sendEmail, setSendEmail] = useState(false);
  const [tried, setTried] = useState(false);
  const errors = {
    title: title.trim() ? tooLong('Title', title.trim(), announcementLimits.title) : 'Title is required',
    body: body.trim() ? tooLong('Body', body.trim(), announcementLimits.body) : 'Body is required',
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (errors.title || errors.body) return;
    await save(
      async () => {
        await posting.trigger({ title, body, sendEmail }, { throwOnError: true });
        return sendEmail ? 'Announcement posted. It is being mailed to the players.' : 'Announcement posted.';
      },
      { editing: false },
    );
  };

  return (
    <FormDialog
      failure={failure}
      title="Post announcement"
      submitLabel="Post"
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      isSaving={posting.isMutating}
    >
      <TextField
        label="Title"
        value={title}
        maxLength={announcementLimits.title}
        onChange={(event) => setTitle(event.target.value)}
        error={tried ? errors.title : undefined}
        autoFocus
      />
      <TextArea
        label={`Message (${body.length.toLocaleString('en-US')} of ${announcementLimits.body.toLocaleString('en-US')} characters)`}
        value={body}
        rows={6}
        onChange={(event) => setBody(event.target.value)}
        error={tried ? errors.body : undefined}
      />
      <Checkbox
        label="Also mail it to every player (those who turned announcement mails off are skipped)"
        checked={sendEmail}
        onChange={(event) => setSendEmail(event.target.checked)}
      />
    </FormDialog>
  );
}
