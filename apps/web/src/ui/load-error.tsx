import { Button } from './button';

/** A load failure with the spec's text and a retry. */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="stack" role="alert">
      <p>{text}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
