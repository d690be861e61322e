import { useState, type FormEvent } from 'react';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { Select } from '@/ui/select';
import { TextArea } from '@/ui/text-area';
import { useToast } from '@/ui/toast';

const issues = [
  'Signing in or my account',
  'Picks and bets',
  'Scores and results',
  'Leaderboard and points',
  'Something else',
].map((label) => ({ value: label, label }));

export interface ContactAdminDialogProps {
  open: boolean;
  onClose: () => void;
}

export function ContactAdminDialog({ open, onClose }: ContactAdminDialogProps) {
  const [issue, setIssue] = useState<string>();
  const [message, setMessage] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const toast = useToast();
  const errors = {
    issue: submitted && !issue ? 'Issue is required' : undefined,
    message: submitted && !message.trim() ? 'Message is required' : undefined,
  };

  const close = () => {
    setIssue(undefined);
    setMessage('');
    setSubmitted(false);
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!issue || !message.trim()) return;
    // The spec leaves what sending does open and the API has no call for it yet; say so plainly
    // rather than pretend the message went anywhere.
    toast.notify('warn', 'Your message was not sent: messaging the administrator is not available yet.');
    close();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Contact Admin"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="contact-admin-form">
            Send
          </Button>
        </>
      }
    >
      <form id="contact-admin-form" className="form" onSubmit={submit} noValidate>
        <Select label="Issue" options={issues} value={issue} onChange={setIssue} error={errors.issue} />
        <TextArea
          label="Message"
          name="message"
          value={message}
          error={errors.message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </form>
    </Modal>
  );
}
