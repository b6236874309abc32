import { Button } from './button';

/** A load failure with the spec's text, and a retry when trying again can help (not for a 404). */
export function LoadError({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div className="stack" role="alert">
      <p>{text}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
