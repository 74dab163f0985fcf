import { CHAT_MESSAGE_MAX_LENGTH } from '@shared/domain/limits';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { useLengthLimit } from '../../ui/use-length-limit';

/**
 * The message input: Enter or the button sends the trimmed text; sending is disabled while
 * the text is blank or a send is on its way; the input clears once the message is stored, and keeps the text when
 * the send fails so nothing typed is lost.
 */
export function Composer({ onSend }: { onSend: (text: string) => Promise<boolean> }) {
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const blank = text.trim() === '';
  const limit = useLengthLimit(text, CHAT_MESSAGE_MAX_LENGTH);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || pending) return;
    const sent = text;
    setPending(true);
    const ok = await onSend(sent);
    setPending(false);
    // Only clear what was sent: text typed meanwhile stays.
    if (ok) setText((current) => (current === sent ? '' : current));
  };

  return (
    <form onSubmit={submit} className="mx-auto w-full max-w-md px-3 py-2">
      {limit.hint ? <div className="px-3 pb-1">{limit.hint}</div> : null}
      <div className="flex items-center gap-2">
        <label htmlFor="chat-input" className="sr-only">
          Message
        </label>
        <Input
          id="chat-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Type your message..."
          {...limit.fieldProps}
          autoComplete="off"
          enterKeyHint="send"
          className="h-11 rounded-full"
        />
        <Button
          type="submit"
          size="icon"
          aria-label="Send message"
          disabled={blank || pending}
          className="size-11"
        >
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
