import type { AskCompleteEvent, Citation } from '@parley/contract';
import { MessageCircleQuestion } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatTimestamp } from '@/lib/format';
import { meetingPath } from '@/lib/meeting-links';
import { AskError, askQuestion } from '../api/ask';

/** Opens the meeting at the cited moment (the meeting page reads `?t=` in seconds). */
export const citationHref = (c: Citation) => meetingPath(c.projectId, c.meetingId, c.startTime / 1000);

/**
 * A question about the meetings in view (one meeting, one project, or all of them): the answer streams
 * in, then its sources are listed, each opening the meeting at that moment.
 */
export function AskBox({ projectId, meetingId, label }: { projectId?: string; meetingId?: string; label: string }) {
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [done, setDone] = useState<AskCompleteEvent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const asked = question.trim();
    if (!asked) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setAnswer('');
    setDone(null);
    setError(null);
    setPending(true);
    try {
      const result = await askQuestion(
        { question: asked, projectId, meetingId },
        { onChunk: (text) => setAnswer((current) => current + text), signal: controller.signal },
      );
      setDone(result);
    } catch (caught) {
      if (controller.signal.aborted) return;
      setError(caught instanceof AskError ? caught.message : 'Failed to answer the question');
    } finally {
      if (running.current === controller) setPending(false);
    }
  };

  return (
    <section aria-label={label} className="grid gap-3">
      <form onSubmit={submit} className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <MessageCircleQuestion
            className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
            aria-hidden="true"
          />
          <Input
            aria-label={label}
            placeholder="Ask a question, e.g. When is the launch?"
            className="pl-9"
            maxLength={500}
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={question.trim() === '' || pending}>
          {pending ? 'Asking…' : 'Ask'}
        </Button>
      </form>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {(answer || done) && (
        <div className="bg-muted/40 grid gap-3 rounded-md border p-3 text-sm" aria-live="polite">
          <p className="whitespace-pre-wrap">{done?.answer ?? answer}</p>
          {done && done.citations.length > 0 && (
            <ol className="grid gap-2" aria-label="Sources">
              {done.citations.map((c, i) => (
                <li key={c.transcriptionId}>
                  <Link to={citationHref(c)} className="hover:bg-accent block rounded-md p-2">
                    <span className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
                      <span>[{i + 1}]</span>
                      <span className="text-foreground font-medium">{c.speaker}</span>
                      <span>{c.meetingTitle}</span>
                      <span className="font-mono tabular-nums">{formatTimestamp(c.startTime)}</span>
                    </span>
                    <span className="line-clamp-2">{c.text}</span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}
