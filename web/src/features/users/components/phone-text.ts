import { formatPhoneNumberIntl } from 'react-phone-number-input';

/**
 * A stored phone number (E.164, '+12025550142') as people read it, in its country's grouping ('+1 202 555 0142'),
 * by the same library the phone field types it with; anything it cannot read is shown as stored.
 */
export function phoneText(phone: string): string {
  return (phone.startsWith('+') && formatPhoneNumberIntl(phone)) || phone;
}
